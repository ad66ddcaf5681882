import { Injectable } from '@nestjs/common';
import { type CompressionEffort, type StoredBody, weakEtag } from '../response-encoding';

/** An answer made at the front: the JSON body and its ETag, as the route's handler would send them, and its compressed copies once made. */
export interface FrontAnswer extends StoredBody {
  etag: string;
  /**
   * False: not kept in the read cache even though its route's are (keptInReadCache), as a page
   * held in memory is kept only when asked again soon, so pages asked once (most of them) do not
   * crowd the read cache out.
   */
  keep?: boolean;
}

/**
 * `body` (JSON, as the handler's serializer writes it) as an answer, with the ETag the normal path
 * would give it; `effort`: how hard its compressed copies are made (see StoredBody).
 */
export function frontAnswer(body: Buffer, effort: CompressionEffort = 'stored'): FrontAnswer {
  return { body, etag: weakEtag(body), effort };
}

/** What a FrontRead is given of the request: its query and path parameters, as the router parsed them. */
export interface FrontRequest {
  query: Readonly<Record<string, unknown>>;
  params: Readonly<Record<string, string | undefined>>;
}

/**
 * A public read a feature can answer at the front, from what it keeps in memory (search's title
 * index) or made ready in one cheap read (a stored title page): the answer its route's handler
 * would send, byte for byte, or null to let the request go the full way, where the handler answers
 * it (its errors included) exactly as without this. It must change nothing.
 */
export type FrontRead = (request: FrontRequest) => FrontAnswer | null | Promise<FrontAnswer | null>;

/** A value of RecentlyUsed, in its list from the least recently used to the most. */
interface RecentEntry<V> {
  key: string;
  value: V;
  older: RecentEntry<V> | null;
  newer: RecentEntry<V> | null;
}

/**
 * Up to `limit` values by key; setting one more lets go of the least recently set or read. The
 * order is a list of its own: a Map's insertion order would do, but finding its oldest key reads
 * past every key deleted at its front since the Map last rehashed, up to thousands each time in a
 * cache turned over a few thousand times a second.
 */
class RecentlyUsed<V> {
  private readonly entries = new Map<string, RecentEntry<V>>();
  private oldest: RecentEntry<V> | null = null;
  private newest: RecentEntry<V> | null = null;

  constructor(private readonly limit: number) {}

  /** The value under `key`, now the most recently used. */
  get(key: string): V | undefined {
    const entry = this.entries.get(key);
    if (entry === undefined) return undefined;
    this.unlink(entry);
    this.append(entry);
    return entry.value;
  }

  /** Sets `key`, the most recently used, letting go of the least recently used past `limit`. */
  set(key: string, value: V): void {
    const known = this.entries.get(key);
    if (known !== undefined) this.unlink(known);
    const entry = known ?? { key, value, older: null, newer: null };
    entry.value = value;
    this.entries.set(key, entry);
    this.append(entry);
    if (this.entries.size > this.limit) this.delete(this.oldest!.key);
  }

  /** Lets go of `key`: whether it was there. */
  delete(key: string): boolean {
    const entry = this.entries.get(key);
    if (entry === undefined) return false;
    this.entries.delete(key);
    this.unlink(entry);
    return true;
  }

  private append(entry: RecentEntry<V>): void {
    entry.older = this.newest;
    entry.newer = null;
    if (this.newest !== null) this.newest.newer = entry;
    else this.oldest = entry;
    this.newest = entry;
  }

  private unlink(entry: RecentEntry<V>): void {
    if (entry.older !== null) entry.older.newer = entry.newer;
    else this.oldest = entry.newer;
    if (entry.newer !== null) entry.newer.older = entry.older;
    else this.newest = entry.older;
    entry.older = null;
    entry.newer = null;
  }
}

/**
 * The answers a FrontRead made last, by key, up to `limit` (the least recently asked go first): a
 * popular query is then sent again with its ETag and compressed copies made once, as the read
 * cache does, without crowding the read cache out with answers most of which are asked once.
 * An answer is kept from the second time its key is asked while the key is among the last `limit`
 * keys asked once; one asked once (most live searches) is let go as soon as it is sent. Kept from
 * the first time, every answer of a few thousand distinct searches a second outlived two
 * young-generation collections and was moved to the old generation, where it died: V8 then ran a
 * full collection every half second. Valid for as long as what they were made from: keep one per
 * version of it.
 */
export class RecentAnswers {
  private readonly answers: RecentlyUsed<FrontAnswer>;
  /** The keys asked once lately, up to `limit`; the oldest go first. */
  private readonly askedOnce: RecentlyUsed<true>;

  constructor(limit: number) {
    this.answers = new RecentlyUsed(limit);
    this.askedOnce = new RecentlyUsed(limit);
  }

  /** The answer under `key`, made by `make` unless it is among the recent ones. */
  get(key: string, make: () => FrontAnswer): FrontAnswer {
    const found = this.answers.get(key);
    if (found !== undefined) return found;
    const answer = make();
    if (this.askedOnce.delete(key)) this.answers.set(key, answer);
    else this.askedOnce.set(key, true);
    return answer;
  }
}

/**
 * The public reads features answer at the front (publicReadFront), before the request log, the
 * Nest pipeline and the read cache's store: a read asked with ever new queries or paths (the live
 * search, a different prefix at almost every keystroke; title pages no one asked lately) would
 * otherwise pay the whole pipeline for an answer made in microseconds, and crowd the read cache
 * out with answers asked once. Each feature registers its routes from onModuleInit, as the legacy
 * calls do.
 */
/** How a route's front read is registered. */
export interface FrontReadOptions {
  /**
   * Its answers are kept in the read cache (when it is on) like the full way's, so a popular one is
   * sent again from memory: for a read that costs a round trip to PostgreSQL (a stored title page).
   * Off for a read made in memory (search keeps its own RecentAnswers instead).
   */
  keptInReadCache?: boolean;
}

/** A route's front read as registered. */
export interface RegisteredFrontRead {
  read: FrontRead;
  keptInReadCache: boolean;
}

@Injectable()
export class FrontReads {
  private readonly reads = new Map<string, RegisteredFrontRead>();

  /** Answers GET and HEAD of `route` (as registered with the router, e.g. `/api/search`) with `read` when it can. */
  register(route: string, read: FrontRead, options: FrontReadOptions = {}): void {
    if (this.reads.has(route)) throw new Error(`the front read of ${route} is registered twice`);
    this.reads.set(route, { read, keptInReadCache: options.keptInReadCache ?? false });
  }

  /** The read registered for the route a request matched, if any. */
  for(route: string | undefined): RegisteredFrontRead | undefined {
    return route === undefined ? undefined : this.reads.get(route);
  }
}
