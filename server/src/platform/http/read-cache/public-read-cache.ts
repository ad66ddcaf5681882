import { SESSION_COOKIE } from '@seyirlik/shared-contracts';
import type { StoredBody } from '../response-encoding';
import { sessionTokenOf } from '../session-cookie';

const MISS: CacheLookup = { kind: 'miss' };

/** Bounds of one process's cache: the least recently read entries go first past either. */
export const READ_CACHE_LIMITS = { maxEntries: 5000, maxBytes: 64 * 1024 * 1024 } as const;

export interface ReadCacheLimits {
  maxEntries: number;
  maxBytes: number;
}

/** A public read's answer as the JSON API sent it (its compressed copies are smaller and not counted in the limits' bytes). */
export interface CachedRead extends StoredBody {
  /** The ETag the normal path gives this body (answerEtag); null when it sends none. */
  etag: string | null;
  /** Stored for, and served to, requests without the session cookie only. */
  visitorsOnly: boolean;
  storedAt: number;
  expiresAt: number;
  /** Past expiresAt: when the one request let through to recompute it went (null: none yet). */
  refreshingSince: number | null;
}

/** What a read hands the cache: its body and ETag, and any compressed copy it already has (kept, not made again). */
export type ReadToStore = Pick<CachedRead, 'body' | 'etag' | 'visitorsOnly' | 'encoded' | 'effort'>;

/** What lookup() says of a URL. */
export type CacheLookup =
  | { kind: 'hit'; entry: CachedRead }
  /** Nothing to serve: the request computes the answer (and, past expiry, refreshes it for everyone). */
  | { kind: 'miss' };

/**
 * Whether a request carries the session cookie, whatever its value: such a request may be a
 * member's. The name is looked for first, so most Cookie headers are never parsed.
 */
export function carriesSessionCookie(cookieHeader: string | undefined): boolean {
  return cookieHeader !== undefined && cookieHeader.includes(SESSION_COOKIE) && sessionTokenOf(cookieHeader) !== undefined;
}

/**
 * Answers of the public catalog reads, by request URL (path and query exactly as received), kept
 * in memory for a few seconds so that a busy page is computed once per interval rather than once
 * per visitor. One per process: a catalog change clears every process's copy (see
 * PublicReadInvalidation), and the time to live bounds what changes with the clock alone
 * (episodes airing, countdowns).
 *
 * A read stores its answer with the generation it started under: clear() starts a new generation,
 * so an answer computed from the catalog before a change is never kept after it.
 *
 * Past its time to live an entry is refreshed by one request, which is let through to compute it,
 * while the others keep getting the old answer for up to one more time to live (as a proxy's
 * "stale while updating"): a busy page never sends every visitor to the database at once when it
 * expires. A catalog change is not waited out this way: clear() drops everything at once.
 */
export class PublicReadCache {
  private readonly entries = new Map<string, CachedRead>();
  private bytes = 0;
  private currentGeneration = 0;
  private suspended = false;

  /** `ttlMs` 0 turns the cache off: nothing is stored, so nothing is served. */
  constructor(
    private readonly ttlMs: number,
    private readonly limits: ReadCacheLimits = READ_CACHE_LIMITS,
  ) {}

  get enabled(): boolean {
    return this.ttlMs > 0;
  }

  /** Taken when a read starts, handed back to store(). */
  get generation(): number {
    return this.currentGeneration;
  }

  get size(): number {
    return this.entries.size;
  }

  /**
   * The answer for `url`, the entry now the most recently used. Past expiry the first request is
   * let through (a miss) to refresh it and later ones get the old answer until it does, or until
   * the entry is a whole time to live past expiry, or its refresh has been out that long (it
   * failed); then the entry is dropped.
   */
  lookup(url: string): CacheLookup {
    const entry = this.entries.get(url);
    if (entry === undefined) return MISS;
    this.entries.delete(url);
    const now = Date.now();
    if (now >= entry.expiresAt + this.ttlMs || (entry.refreshingSince !== null && now >= entry.refreshingSince + this.ttlMs)) {
      this.bytes -= entry.body.length;
      return MISS;
    }
    this.entries.set(url, entry);
    if (now < entry.expiresAt || entry.refreshingSince !== null) return { kind: 'hit', entry };
    entry.refreshingSince = now;
    return MISS;
  }

  /**
   * Keeps `read` under `url` unless the cache is off or suspended, or was cleared since
   * `startedUnder` was taken; answers whether it was kept.
   */
  store(url: string, read: ReadToStore, startedUnder: number): boolean {
    if (!this.enabled || this.suspended || startedUnder !== this.currentGeneration) return false;
    if (read.body.length > this.limits.maxBytes) return false;
    this.remove(url);
    const storedAt = Date.now();
    this.entries.set(url, { ...read, storedAt, expiresAt: storedAt + this.ttlMs, refreshingSince: null });
    this.bytes += read.body.length;
    this.evictBeyondLimits();
    return true;
  }

  /** Forgets every entry; reads already under way will not store theirs. */
  clear(): void {
    this.currentGeneration += 1;
    this.entries.clear();
    this.bytes = 0;
  }

  /**
   * Clears and stores nothing until resume(): while this process cannot hear of catalog changes,
   * an answer kept now could outlive the change it missed.
   */
  suspend(): void {
    this.suspended = true;
    this.clear();
  }

  /** Stores again, from a clean slate: changes may have happened while suspended. */
  resume(): void {
    this.clear();
    this.suspended = false;
  }

  private remove(url: string): void {
    const entry = this.entries.get(url);
    if (entry === undefined) return;
    this.entries.delete(url);
    this.bytes -= entry.body.length;
  }

  /** A Map iterates in insertion order, and lookup() re-inserts: the first key is the least recently used. */
  private evictBeyondLimits(): void {
    while (this.entries.size > this.limits.maxEntries || this.bytes > this.limits.maxBytes) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) return;
      this.remove(oldest);
    }
  }
}
