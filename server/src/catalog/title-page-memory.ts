import { gunzipSync } from 'node:zlib';
import type { FrontAnswer } from '../platform/http/read-cache/front-reads';
import { compress, COMPRESSION_THRESHOLD_BYTES, ownCopy } from '../platform/http/response-encoding';

/** A stored title page to hold: its title, address, the version of its page it was read at, its JSON and ETag. */
export interface PageToHold {
  titleId: number;
  kind: string;
  slug: string;
  version: string;
  body: string;
  /** Null for a page under the size from which answers carry one (answerEtag). */
  etag: string | null;
}

/**
 * A title whose stored page differs from what memory holds of it: its page's version now (null:
 * the title is gone), and whether its page is stored in this code's format.
 */
export interface PageChange {
  titleId: number;
  version: string | null;
  ready: boolean;
}

interface HeldPage {
  titleId: number;
  kind: string;
  slug: string;
  version: string;
  etag: string | null;
  /** The JSON as it is (a page too short to be sent compressed) or gzipped: one of the two. */
  plain: Buffer | null;
  gzip: Buffer | null;
  /** Its place in TitlePageMemory's `askedAt`. */
  slot: number;
}

/**
 * A page sent again within this long of the last time is kept in the read cache (sent from there,
 * as it is, while it stays popular); one asked once is not, so a crawl of the catalog does not push
 * the popular pages out of the read cache. As a proxy's "minimum uses" before it caches.
 */
export const ASKED_AGAIN_MS = 60_000;

/** Slots of TitlePageMemory's `askedAt` made at first; doubled as more pages are held. */
const INITIAL_SLOTS = 1024;

/**
 * A held page's answer as the front sends it: its gzipped copy, and its JSON, decompressed when
 * first read (see TitlePageMemory.answer).
 *
 * A class, not an object literal with a `body` getter: V8 made each such literal's answer in a way
 * that outlived the young generation. Answering 100,000 held pages once each in a loop (in a
 * process of its own, with other short-lived objects made in between) grew the old generation by
 * some 140 bytes per answer with the literal, against none beyond the loop's own with this class;
 * in the server, every page not asked lately was such an answer.
 */
class GzippedPageAnswer implements FrontAnswer {
  readonly encoded: { gzip: Buffer };
  readonly sentOnce: boolean;
  private json: Buffer | null = null;

  constructor(
    private readonly gzip: Buffer,
    readonly etag: string | null,
    readonly keep: boolean,
  ) {
    this.encoded = { gzip };
    this.sentOnce = !keep;
  }

  get body(): Buffer {
    return (this.json ??= gunzipSync(this.gzip));
  }
}

/**
 * The stored title pages one process holds in memory, gzipped (a title page's JSON is mostly its
 * episodes' names and times, about a tenth of it compressed), up to `limitBytes`: a page no one
 * asked lately is then sent without a round trip to PostgreSQL. Each page is held with the version
 * of its title's page it was stored at, so a comparison with the stored pages' versions
 * (`reconcile`) tells which are no longer the catalog's. Whether the pages may be served at all is
 * TitlePages' to say (only while they are verified against the catalog as this process knows it).
 */
export class TitlePageMemory {
  /**
   * The pages by kind, then slug: the address's two parts as the router gives them. Keyed by the
   * address joined into one text, every lookup made a new string of the two, which V8 flattened and
   * hashed anew: about 2 % of the samples of a profile of the server answering pages not asked lately.
   */
  private readonly byAddress = new Map<string, Map<string, HeldPage>>();
  private readonly byTitle = new Map<number, HeldPage>();
  /**
   * When each held page was last sent (0: not yet), by its slot, and the slots free. Not a field of
   * the page: the pages live in the old generation, and V8 stored every new time in such a field as
   * a number of its own, made in the young generation, pointed at from the old page until the next
   * young collection moved it to the old one: some 20 bytes promoted for every page not asked
   * lately, nearly all of what such an answer left behind. A typed array holds the times as plain
   * doubles, written in place.
   */
  private askedAt = new Float64Array(INITIAL_SLOTS);
  private freeSlots: number[] = [];
  private slotCount = 0;
  private heldBytes = 0;
  private refused = false;
  private changeCount = 0;
  /** What `held()` answers, and the revision it was made at: made again only after a change. */
  private heldList: { revision: number; titleIds: string; versions: string } | null = null;

  constructor(private readonly limitBytes: number) {}

  /** Whether a page was refused for the limit since the last one let go: holding more is not worth reading. */
  get full(): boolean {
    return this.refused;
  }

  /** A number that moves on whenever what is held changes, or a page is refused for the limit. */
  get revision(): number {
    return this.changeCount;
  }

  get size(): number {
    return this.byTitle.size;
  }

  get bytes(): number {
    return this.heldBytes;
  }

  /** Whether the title's page is held at `version`. */
  holds(titleId: number, version: string): boolean {
    return this.byTitle.get(titleId)?.version === version;
  }

  /**
   * The page at an address as the front sends it: the JSON, its ETag and its gzipped copy, to be
   * kept in the read cache only when asked again within ASKED_AGAIN_MS; null when it is not held.
   * A page asked once is sent in its gzipped copy to a client that takes gzip (every browser), as
   * held; only a client that takes none, or a page to keep, costs a decompression (a few tens of
   * microseconds), made when the JSON is first read.
   */
  answer(kind: string, slug: string, now = Date.now()): FrontAnswer | null {
    const page = this.byAddress.get(kind)?.get(slug);
    if (page === undefined) return null;
    const askedAt = this.askedAt[page.slot];
    const keep = askedAt !== 0 && now - askedAt < ASKED_AGAIN_MS;
    this.askedAt[page.slot] = now;
    if (page.plain !== null) return { body: page.plain, etag: page.etag, keep };
    return new GzippedPageAnswer(page.gzip!, page.etag, keep);
  }

  /** Holds `page`, in place of what was held of its title, unless that would pass the limit: whether it is held. */
  hold(page: PageToHold): boolean {
    const body = Buffer.from(page.body);
    const plain = body.length < COMPRESSION_THRESHOLD_BYTES ? body : null;
    // Held in a buffer of its own, so the bytes counted against the limit are the bytes held.
    const gzip = plain === null ? ownCopy(compress(body, 'gzip')) : null;
    const size = (plain ?? gzip!).length;
    this.drop(page.titleId);
    if (this.heldBytes + size > this.limitBytes) {
      this.refused = true;
      this.changeCount += 1;
      return false;
    }
    const held: HeldPage = { titleId: page.titleId, kind: page.kind, slug: page.slug, version: page.version, etag: page.etag, plain, gzip, slot: this.takeSlot() };
    // Another title had this address (renamed since): its page goes too.
    const previous = this.byAddress.get(held.kind)?.get(held.slug);
    if (previous !== undefined) this.drop(previous.titleId);
    let ofKind = this.byAddress.get(held.kind);
    if (ofKind === undefined) this.byAddress.set(held.kind, (ofKind = new Map()));
    ofKind.set(held.slug, held);
    this.byTitle.set(held.titleId, held);
    this.heldBytes += size;
    this.changeCount += 1;
    return true;
  }

  /**
   * The titles held and the versions their pages are held at, as PostgreSQL array literals (for
   * the check that compares them with the stored pages in PostgreSQL: the process then reads only
   * the differences, not every title's version).
   */
  held(): { titleIds: string; versions: string } {
    if (this.heldList?.revision !== this.changeCount) {
      const pages = [...this.byTitle.values()];
      this.heldList = {
        revision: this.changeCount,
        titleIds: `{${pages.map((page) => page.titleId).join(',')}}`,
        versions: `{${pages.map((page) => page.version).join(',')}}`,
      };
    }
    return { titleIds: this.heldList.titleIds, versions: this.heldList.versions };
  }

  /**
   * Lets go of every page whose title is gone or whose page moved to another version since it was
   * held; answers the titles whose page is stored in this code's format and not held (to hold).
   */
  reconcile(changes: readonly PageChange[]): number[] {
    for (const change of changes) {
      if (this.byTitle.get(change.titleId)?.version !== change.version) this.drop(change.titleId);
    }
    return changes.filter((change) => change.version !== null && change.ready && !this.byTitle.has(change.titleId)).map((change) => change.titleId);
  }

  clear(): void {
    this.byAddress.clear();
    this.byTitle.clear();
    this.askedAt = new Float64Array(INITIAL_SLOTS);
    this.freeSlots = [];
    this.slotCount = 0;
    this.heldBytes = 0;
    this.refused = false;
    this.changeCount += 1;
  }

  private drop(titleId: number): void {
    const page = this.byTitle.get(titleId);
    if (page === undefined) return;
    this.byTitle.delete(titleId);
    const ofKind = this.byAddress.get(page.kind);
    if (ofKind?.get(page.slug) === page) ofKind.delete(page.slug);
    this.heldBytes -= (page.plain ?? page.gzip!).length;
    this.freeSlots.push(page.slot);
    this.refused = false;
    this.changeCount += 1;
  }

  /** A slot for a page held now, not asked yet: a free one, or a new one (the array doubled when full). */
  private takeSlot(): number {
    const slot = this.freeSlots.pop() ?? this.slotCount++;
    if (slot === this.askedAt.length) {
      const grown = new Float64Array(this.askedAt.length * 2);
      grown.set(this.askedAt);
      this.askedAt = grown;
    }
    this.askedAt[slot] = 0;
    return slot;
  }
}
