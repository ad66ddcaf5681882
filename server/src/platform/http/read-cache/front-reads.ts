import { Injectable } from '@nestjs/common';
import { answerEtag, type CompressionEffort, ownCopy, type StoredBody } from '../response-encoding';

/** An answer made at the front: the JSON body and its ETag, as the route's handler would send them, and its compressed copies once made. */
export interface FrontAnswer extends StoredBody {
  /** Null under the size from which the full way gives one (answerEtag). */
  etag: string | null;
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
  return { body, etag: answerEtag(body), effort };
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
    if (this.entries.size > this.limit) {
      const oldest = this.oldest!;
      this.entries.delete(oldest.key);
      this.unlink(oldest);
    }
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

/** A 30-bit hash of `key` (FNV-1a over its UTF-16 units), never 0. */
function hashOf(key: string): number {
  let hash = 0x811c9dc5;
  for (let at = 0; at < key.length; at += 1) hash = Math.imul(hash ^ key.charCodeAt(at), 0x01000193);
  return hash & 0x3fffffff || 1;
}

/**
 * Keys marked lately, held as hashes in two generations of `limit` keys each: a key is remembered
 * while fewer than `limit` others have been marked after it, and forgotten once `2 × limit` have.
 * Marking a key keeps nothing of it but a number in a typed array: the key, and an entry made for
 * it, would outlive two young-generation collections in a server marking the keys of a few
 * thousand distinct searches a second, and be moved to the old generation only to die there. Two
 * keys of the same hash (about one pair in a billion) count as one.
 */
class MarkedLately {
  private current: Int32Array;
  private previous: Int32Array;
  private marked = 0;
  private readonly mask: number;

  constructor(private readonly limit: number) {
    // Each generation fills at most a quarter of its slots, so a probe ends within a few.
    const slots = 2 ** Math.ceil(Math.log2(4 * Math.max(limit, 1)));
    this.current = new Int32Array(slots);
    this.previous = new Int32Array(slots);
    this.mask = slots - 1;
  }

  /** Whether the key of `hash` (hashOf) was marked lately. */
  has(hash: number): boolean {
    return this.current[this.probe(this.current, hash)] === hash || this.previous[this.probe(this.previous, hash)] === hash;
  }

  /** Marks the key of `hash` (hashOf), not marked lately (see has). */
  mark(hash: number): void {
    if (this.marked === this.limit) {
      [this.previous, this.current] = [this.current, this.previous];
      this.current.fill(0);
      this.marked = 0;
    }
    const slot = this.probe(this.current, hash);
    if (this.current[slot] === 0) {
      this.current[slot] = hash;
      this.marked += 1;
    }
  }

  /** The slot of `table` holding `hash`, or else the empty one where it would go. */
  private probe(table: Int32Array, hash: number): number {
    let slot = hash & this.mask;
    while (table[slot] !== 0 && table[slot] !== hash) slot = (slot + 1) & this.mask;
    return slot;
  }
}

/**
 * The answers a FrontRead made last, by key, up to `limit` (the least recently asked go first): a
 * popular query is then sent again with its ETag and compressed copies made once, as the read
 * cache does, without crowding the read cache out with answers most of which are asked once.
 * An answer is kept from the third time its key is asked, each ask coming while the one before is
 * among the last `limit` to `2 × limit` keys asked for the first (or the second) time
 * (MarkedLately); other answers are let go as soon as they are sent. Every answer kept outlives two young-generation collections, is moved to
 * the old generation and dies there when a newer one takes its place: kept from the first ask,
 * the answers of a few thousand distinct searches a second made V8 run a full collection every
 * half second; kept from the second, still one every few seconds, as live searches ask the same
 * text twice (in either case, with or without Turkish letters) or find the same titles for two
 * prefixes often enough. A popular query is asked far more than three times. Valid for as long as
 * what they were made from: keep one per version of it.
 */
export class RecentAnswers {
  private readonly answers: RecentlyUsed<FrontAnswer>;
  private readonly askedOnce: MarkedLately;
  private readonly askedTwice: MarkedLately;

  constructor(limit: number) {
    this.answers = new RecentlyUsed(limit);
    this.askedOnce = new MarkedLately(limit);
    this.askedTwice = new MarkedLately(limit);
  }

  /** The answer under `key`, made by `make` unless it is among the recent ones. */
  get(key: string, make: () => FrontAnswer): FrontAnswer {
    const found = this.answers.get(key);
    if (found !== undefined) return found;
    const answer = make();
    const hash = hashOf(key);
    if (this.askedTwice.has(hash)) {
      // Kept, its body must not hold on to the rest of a pooled buffer it may be a view of.
      answer.body = ownCopy(answer.body);
      this.answers.set(key, answer);
    } else if (this.askedOnce.has(hash)) {
      this.askedTwice.mark(hash);
    } else {
      this.askedOnce.mark(hash);
    }
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
