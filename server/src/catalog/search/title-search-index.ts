import type { TitleCard } from '@seyirlik/shared-contracts';

/** A title as search holds it: its folded `search_text` and the card a search answers. */
export interface SearchableTitle {
  searchText: string;
  card: TitleCard;
}

/** Three UTF-16 units as one number (each unit below 2^16, so the key is exact and unique). */
function trigramKey(text: string, at: number): number {
  return text.charCodeAt(at) * 0x1_0000_0000 + text.charCodeAt(at + 1) * 0x1_0000 + text.charCodeAt(at + 2);
}

const SPACE = 0x20;

/** Whether `text` has `query` at `at`. */
const hasAt = (text: string, at: number, query: string): boolean => text.startsWith(query, at);

/**
 * The `limit` smallest distinct ranks added, in ascending order: a search's best matches of one
 * kind. Adding is O(limit), and the limits are a page of results.
 */
class BestRanks {
  readonly ranks: number[] = [];

  constructor(private readonly limit: number) {}

  get full(): boolean {
    return this.ranks.length === this.limit;
  }

  /** Whether `rank` would be kept: below the worst kept (or room left) and not kept already. */
  wouldKeep(rank: number): boolean {
    if (this.full && rank >= this.ranks[this.limit - 1]!) return false;
    return !this.ranks.includes(rank);
  }

  /** Keeps `rank` if it is among the best so far. */
  add(rank: number): void {
    if (!this.wouldKeep(rank)) return;
    let at = this.ranks.length;
    while (at > 0 && this.ranks[at - 1]! > rank) at -= 1;
    this.ranks.splice(at, 0, rank);
    if (this.ranks.length > this.limit) this.ranks.pop();
  }
}

/** A search's matches by kind, each kind's best `limit` kept. */
class Matches {
  readonly starting: BestRanks;
  readonly wordStarting: BestRanks;
  readonly inside: BestRanks;

  constructor(private readonly limit: number) {
    this.starting = new BestRanks(limit);
    this.wordStarting = new BestRanks(limit);
    this.inside = new BestRanks(limit);
  }

  /** The page: the name starting with the query, then a word, then inside a word. */
  best(): number[] {
    return [...this.starting.ranks, ...this.wordStarting.ranks, ...this.inside.ranks].slice(0, this.limit);
  }
}

/**
 * The catalog's titles held for search in memory, answering exactly what SearchService's SQL
 * answers (`search_text LIKE '%query%'`, ranked by the name starting with the query, then a word
 * starting with it, then inside a word; within each, by `length(search_text)`, `name`, `id`) without
 * a database round trip.
 *
 * A title's rank is its position in the order PostgreSQL gives `length(search_text), name, id`
 * (handed in that order, so the database's own collation orders the names), and every lookup lists
 * ranks ascending, keyed by three consecutive UTF-16 units:
 * - `textStarts`: the titles whose text starts with them. Those whose name starts with the query
 *   are on the list of its first three units; read until the page is full.
 * - `wordStarts`: the words (after a space) that start with them, as (rank, offset) pairs. Those
 *   with a word starting with the query are on the list of its first three units; read, when the
 *   names leave room on the page, until it is full.
 * - `trigrams`: the titles holding each trigram anywhere. Every match of the query holds all of its
 *   trigrams: the titles on every one of their lists are the candidates, which a query with rare
 *   trigrams reads instead, and matches inside a word, wanted only when the first two kinds leave
 *   room, are read from them until the page is full.
 *
 * - `trigramBits`: for the trigrams on many titles (1 in 32 or more), the same as a bit per
 *   title, so narrowing the candidates by a common trigram costs a look per candidate instead of
 *   a read along its long list.
 *
 * Building reads every text once (no sorting). Memory grows with the catalog's text: 4 bytes per
 * title, 8 per word and 4 per distinct trigram of a title, and at most as much again for the
 * bits, beside the texts and cards themselves and each card's JSON (about 20 MB in all at 20,000
 * titles).
 */
export class TitleSearchIndex {
  private constructor(
    private readonly texts: readonly string[],
    private readonly cards: readonly TitleCard[],
    /** Each card as JSON.stringify writes it, for answers sent as they are (cardJson). */
    private readonly cardsJson: readonly Buffer[],
    private readonly textStarts: ReadonlyMap<number, Int32Array>,
    private readonly wordStarts: ReadonlyMap<number, Int32Array>,
    private readonly trigrams: ReadonlyMap<number, Int32Array>,
    /** The same titles as a bit per rank, for the trigrams on many titles (see bitsFor). */
    private readonly trigramBits: ReadonlyMap<number, Uint32Array>,
  ) {}

  /**
   * The index of `titles`, in PostgreSQL's `ORDER BY length(search_text), name, id`, awaiting
   * `pause()` after every `sliceSize` titles, so a server building the index of a large catalog
   * keeps answering meanwhile.
   */
  static async build(titles: readonly SearchableTitle[], pause: () => Promise<void>, sliceSize = 2000): Promise<TitleSearchIndex> {
    const lists = new IndexLists();
    const cardsJson: Buffer[] = [];
    for (let from = 0; from < titles.length; from += sliceSize) {
      titles.slice(from, from + sliceSize).forEach((title, at) => {
        lists.add(title.searchText, from + at);
        cardsJson.push(Buffer.from(JSON.stringify(title.card)));
      });
      await pause();
    }
    const trigrams = typed(lists.trigrams);
    return new TitleSearchIndex(
      titles.map((title) => title.searchText),
      titles.map((title) => title.card),
      cardsJson,
      typed(lists.textStarts),
      typed(lists.wordStarts),
      trigrams,
      bitsFor(trigrams, titles.length),
    );
  }

  /**
   * The best `limit` titles for `folded`, an already folded query of at least three UTF-16 units
   * (SearchService refuses shorter ones; SEARCH_RULES.minLength is 3), best first. Reads the
   * shorter candidates: the texts and words starting like the query, or the titles holding all of
   * its trigrams (a longer query usually has rare ones).
   */
  search(folded: string, limit: number): TitleCard[] {
    return this.ranks(folded, limit).map((rank) => this.cards[rank]!);
  }

  /** The card of the title at `rank` (one of `ranks`) as JSON.stringify writes it (made when the index was built). */
  cardJson(rank: number): Buffer {
    return this.cardsJson[rank]!;
  }

  /**
   * The ranks of `search`'s titles, best first: the same ranks are the same answer, whatever query
   * found them.
   */
  ranks(folded: string, limit: number): number[] {
    if (folded.length < 3) throw new RangeError('a search needs at least three units');
    const key = trigramKey(folded, 0);
    const textStarts = this.textStarts.get(key) ?? EMPTY;
    const wordStarts = this.wordStarts.get(key) ?? EMPTY;
    const holding = this.holdingEveryTrigram(folded);
    return holding.length <= (textStarts.length + wordStarts.length / 2) / 2
      ? this.rankHolding(folded, limit, holding)
      : this.rankByStarts(folded, limit, textStarts, wordStarts, holding);
  }

  /** The best `limit` ranks among `holding` (ranks, ascending): every match of the query is there. */
  private rankHolding(folded: string, limit: number, holding: Int32Array): number[] {
    const found = new Matches(limit);
    const afterSpace = ` ${folded}`;
    for (let at = 0; at < holding.length && !found.starting.full; at += 1) {
      const rank = holding[at]!;
      const text = this.texts[rank]!;
      // Most candidates hold the rare trigram but not the whole query: the first look settles them.
      const first = text.indexOf(folded);
      if (first === -1) continue;
      if (first === 0) found.starting.add(rank);
      else if (text.charCodeAt(first - 1) === SPACE || text.includes(afterSpace, first)) found.wordStarting.add(rank);
      else found.inside.add(rank);
    }
    return found.best();
  }

  /**
   * The best `limit` ranks from the texts starting like the query (`textStarts`, ranks ascending),
   * then the words (`wordStarts`, (rank, offset) pairs in rank order), then the titles holding it
   * inside a word (among `holding`, those holding all of its trigrams), each read only while the
   * page has room.
   */
  private rankByStarts(folded: string, limit: number, textStarts: Int32Array, wordStarts: Int32Array, holding: Int32Array): number[] {
    const found = new Matches(limit);
    for (let at = 0; at < textStarts.length && !found.starting.full; at += 1) {
      const rank = textStarts[at]!;
      if (hasAt(this.texts[rank]!, 0, folded)) found.starting.add(rank);
    }
    for (let at = 0; at < wordStarts.length && !found.starting.full && !found.wordStarting.full; at += 2) {
      const rank = wordStarts[at]!;
      const text = this.texts[rank]!;
      if (hasAt(text, wordStarts[at + 1]!, folded) && !hasAt(text, 0, folded)) found.wordStarting.add(rank);
    }
    const ranks = found.best();
    if (ranks.length < limit) ranks.push(...this.insideWords(folded, limit - ranks.length, holding));
    return ranks;
  }

  /**
   * Up to `wanted` of `candidates` (ranks, ascending), best rank first, that hold `folded` only
   * inside a word: neither at the start of the text nor after a space.
   */
  private insideWords(folded: string, wanted: number, candidates: Int32Array): number[] {
    const afterSpace = ` ${folded}`;
    const found: number[] = [];
    for (let at = 0; at < candidates.length && found.length < wanted; at += 1) {
      const rank = candidates[at]!;
      const text = this.texts[rank]!;
      if (text.includes(folded) && !hasAt(text, 0, folded) && !text.includes(afterSpace)) found.push(rank);
    }
    return found;
  }

  /**
   * The titles holding every trigram of the query (ranks, ascending): every match is among them.
   * The rarest trigram's list is narrowed by the others, rarest first: by a look at a common
   * trigram's bits for each title left (cheaper than reading a title's text, so always done), or
   * by merging with a rarer trigram's list until few enough are left that reading their texts
   * costs less than another list (the lists lie in a row in memory, the texts all over it).
   */
  private holdingEveryTrigram(folded: string): Int32Array {
    const keys: number[] = [];
    for (let at = 0; at + 3 <= folded.length; at += 1) {
      const key = trigramKey(folded, at);
      if (!this.trigrams.has(key)) return EMPTY;
      if (!keys.includes(key)) keys.push(key);
    }
    const lists = keys.map((key) => ({ titles: this.trigrams.get(key)!, bits: this.trigramBits.get(key) }));
    lists.sort((a, b) => a.titles.length - b.titles.length);
    let holding = lists[0]!.titles;
    for (let next = 1; next < lists.length && holding.length > 0; next += 1) {
      const { titles, bits } = lists[next]!;
      if (bits !== undefined) holding = havingBits(holding, bits);
      else if (holding.length > FEW_ENOUGH_TO_READ) holding = intersection(holding, titles);
    }
    return holding;
  }
}

/** Candidates below this many are read as they are: intersecting yet another trigram's list would cost more. */
const FEW_ENOUGH_TO_READ = 16;

/**
 * A trigram on at least this share of the titles gets a bit per title as well as its list: from
 * there the bits take no more memory than the list (4 bytes an entry), and a title is looked up
 * in them at once, where a list must be read along.
 */
const BITS_FROM_SHARE = 1 / 32;

/** The bits (rank r: bit r % 32 of word r / 32) of every trigram on at least BITS_FROM_SHARE of the `count` titles. */
function bitsFor(trigrams: ReadonlyMap<number, Int32Array>, count: number): Map<number, Uint32Array> {
  const bits = new Map<number, Uint32Array>();
  for (const [key, titles] of trigrams) {
    if (titles.length < count * BITS_FROM_SHARE) continue;
    const words = new Uint32Array(Math.ceil(count / 32));
    for (const rank of titles) words[rank >>> 5]! |= 1 << (rank & 31);
    bits.set(key, words);
  }
  return bits;
}

/** The values of the ascending list `ranks` whose bit is set in `bits`, ascending. */
function havingBits(ranks: Int32Array, bits: Uint32Array): Int32Array {
  const kept = new Int32Array(ranks.length);
  let count = 0;
  for (let at = 0; at < ranks.length; at += 1) {
    const rank = ranks[at]!;
    if ((bits[rank >>> 5]! & (1 << (rank & 31))) !== 0) kept[count++] = rank;
  }
  return kept.subarray(0, count);
}

/** The values in both ascending lists, ascending. */
function intersection(a: Int32Array, b: Int32Array): Int32Array {
  const both = new Int32Array(Math.min(a.length, b.length));
  let count = 0;
  for (let i = 0, j = 0; i < a.length && j < b.length; ) {
    const x = a[i]!;
    const y = b[j]!;
    if (x === y) {
      both[count++] = x;
      i += 1;
      j += 1;
    } else if (x < y) i += 1;
    else j += 1;
  }
  return both.subarray(0, count);
}

const EMPTY = new Int32Array(0);

/** The lookups of an index as titles are added in rank order, as plain lists. */
class IndexLists {
  /** For the first three units of every text, the ranks starting with them, ascending. */
  readonly textStarts = new Map<number, number[]>();
  /** For the first three units of every word after a space, its (rank, offset) pairs in rank order. */
  readonly wordStarts = new Map<number, number[]>();
  /** For every trigram, the ranks holding it, ascending and each once. */
  readonly trigrams = new Map<number, number[]>();

  add(text: string, rank: number): void {
    if (text.length >= 3) append(this.textStarts, trigramKey(text, 0), rank);
    for (let space = text.indexOf(' '); space !== -1; space = text.indexOf(' ', space + 1)) {
      if (space + 4 <= text.length) append(this.wordStarts, trigramKey(text, space + 1), rank, space + 1);
    }
    for (let at = 0; at + 3 <= text.length; at += 1) {
      const key = trigramKey(text, at);
      const list = this.trigrams.get(key);
      if (list === undefined) this.trigrams.set(key, [rank]);
      else if (list[list.length - 1] !== rank) list.push(rank);
    }
  }
}

function append(lists: Map<number, number[]>, key: number, ...values: number[]): void {
  const list = lists.get(key);
  if (list === undefined) lists.set(key, values);
  else list.push(...values);
}

function typed(lists: Map<number, number[]>): Map<number, Int32Array> {
  const result = new Map<number, Int32Array>();
  for (const [key, list] of lists) result.set(key, Int32Array.from(list));
  return result;
}
