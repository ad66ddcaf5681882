import { SEARCH_RULES, type TitleCard } from '@seyirlik/shared-contracts';

/** A title as search holds it: its folded `search_text` and the card a search answers. */
export interface SearchableTitle {
  searchText: string;
  card: TitleCard;
}

/** Three UTF-16 units as one number (each unit below 2^16, so the key is exact and unique). */
function trigramKey(text: string, at: number): number {
  return text.charCodeAt(at) * 0x1_0000_0000 + text.charCodeAt(at + 1) * 0x1_0000 + text.charCodeAt(at + 2);
}

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

  /** The worst rank kept (once full, a rank must be below it to be kept). */
  get worst(): number {
    return this.ranks[this.ranks.length - 1]!;
  }

  /** Whether `rank` would be kept: below the worst kept (or room left) and not kept already. */
  wouldKeep(rank: number): boolean {
    if (this.full && rank >= this.worst) return false;
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

/** No ranks: nothing found, or nothing to leave out. */
const NONE: readonly number[] = [];

/**
 * How `text` from `at` on compares with `query`, by UTF-16 unit as JavaScript compares strings:
 * 0 when it starts with the query there, below 0 when it comes before every text that does (a
 * shorter one, a prefix of the query, included), above 0 when it comes after them.
 */
function compareWithQuery(text: string, at: number, query: string): number {
  for (let unit = 0; unit < query.length; unit += 1) {
    if (at + unit >= text.length) return -1;
    const difference = text.charCodeAt(at + unit) - query.charCodeAt(unit);
    if (difference !== 0) return difference;
  }
  return 0;
}

/** How `a` from `atA` on compares with `b` from `atB` on, by UTF-16 unit as JavaScript compares strings. */
function compareFrom(a: string, atA: number, b: string, atB: number): number {
  const length = Math.min(a.length - atA, b.length - atB);
  for (let unit = 0; unit < length; unit += 1) {
    const difference = a.charCodeAt(atA + unit) - b.charCodeAt(atB + unit);
    if (difference !== 0) return difference;
  }
  return a.length - atA - (b.length - atB);
}

/** Entries of a StartList whose ranks are also listed sorted, as one block. */
const BLOCK = 32;

/**
 * Texts, or words in them, starting with one trigram, as (rank, offset) pairs sorted by the text
 * from the offset on: the entries starting with a query (of at least those three units) lie in one
 * run, found by two binary searches. Each block of BLOCK entries also lists its ranks ascending, so
 * the best ranks of a long run are read from the head of each of its blocks, not from every entry.
 */
class StartList {
  private constructor(
    /** (rank, offset) pairs, sorted by the text from the offset on, then by rank. */
    private readonly entries: Int32Array,
    /** The ranks of `entries`, ascending within each block of BLOCK. */
    private readonly blockRanks: Int32Array,
  ) {}

  /** The list of `pairs` ((rank, offset) pairs of `texts`, in any order). */
  static of(pairs: readonly number[], texts: readonly string[]): StartList {
    const count = pairs.length / 2;
    const order = Array.from({ length: count }, (_, at) => at);
    order.sort((a, b) => {
      const rankA = pairs[2 * a]!;
      const rankB = pairs[2 * b]!;
      return compareFrom(texts[rankA]!, pairs[2 * a + 1]!, texts[rankB]!, pairs[2 * b + 1]!) || rankA - rankB;
    });
    const entries = new Int32Array(pairs.length);
    const blockRanks = new Int32Array(count);
    order.forEach((from, at) => {
      entries[2 * at] = pairs[2 * from]!;
      entries[2 * at + 1] = pairs[2 * from + 1]!;
      blockRanks[at] = pairs[2 * from]!;
    });
    for (let start = 0; start < count; start += BLOCK) blockRanks.subarray(start, start + BLOCK).sort();
    return new StartList(entries, blockRanks);
  }

  /**
   * The best `limit` distinct ranks of the entries starting with `folded` (whose first three units
   * are this list's), ascending, leaving out `excluded`.
   */
  best(texts: readonly string[], folded: string, limit: number, excluded: readonly number[]): number[] {
    const from = this.firstAt(texts, folded, 0);
    const to = this.firstAt(texts, folded, 1);
    const found = new BestRanks(limit);
    const keep = (rank: number) => {
      if (!excluded.includes(rank)) found.add(rank);
    };
    // The entries of the run outside its whole blocks are read one by one, the whole blocks by their sorted ranks.
    const wholeFrom = Math.min(to, Math.ceil(from / BLOCK) * BLOCK);
    const wholeTo = Math.max(wholeFrom, Math.floor(to / BLOCK) * BLOCK);
    for (let at = from; at < wholeFrom; at += 1) keep(this.entries[2 * at]!);
    for (let at = wholeTo; at < to; at += 1) keep(this.entries[2 * at]!);
    for (let block = wholeFrom; block < wholeTo; block += BLOCK) {
      for (let at = block; at < block + BLOCK; at += 1) {
        const rank = this.blockRanks[at]!;
        if (found.full && rank >= found.worst) break;
        keep(rank);
      }
    }
    return found.ranks;
  }

  /**
   * The first entry whose text compares with `folded` (compareWithQuery) at `sign` or above: with
   * 0 the first starting with it, with 1 the first after those that do.
   */
  private firstAt(texts: readonly string[], folded: string, sign: 0 | 1): number {
    let low = 0;
    let high = this.entries.length / 2;
    while (low < high) {
      const middle = (low + high) >>> 1;
      const comparison = compareWithQuery(texts[this.entries[2 * middle]!]!, this.entries[2 * middle + 1]!, folded);
      if (comparison < sign) low = middle + 1;
      else high = middle;
    }
    return low;
  }
}

/**
 * The start lists of `pairs` (a trigram's (rank, offset) pairs), awaiting `pause()` after
 * every `sliceSize` entries sorted.
 */
async function startLists(
  pairs: ReadonlyMap<number, number[]>,
  texts: readonly string[],
  pause: () => Promise<void>,
  sliceSize: number,
): Promise<Map<number, StartList>> {
  const lists = new Map<number, StartList>();
  let sorted = 0;
  for (const [key, list] of pairs) {
    lists.set(key, StartList.of(list, texts));
    sorted += list.length / 2;
    if (sorted >= sliceSize) {
      sorted = 0;
      await pause();
    }
  }
  return lists;
}

/**
 * The typed prefixes the table of answers made ahead holds (TypedPrefixes): from the shortest
 * query the live search asks to this many UTF-16 units of a name from the start of one of its
 * words. A member typing a name asks the live search at about every keystroke from the third on,
 * and by the eighth the list holds a title or two; longer queries are answered by the index as
 * they come, the same answer.
 */
const TYPED_PREFIX_UNITS = 8;

/**
 * The live search's answers made ahead for every typed prefix of the catalog's names
 * (SEARCH_RULES.minLength to TYPED_PREFIX_UNITS units of a name from the start of one of its
 * words, spaces within included), as the index's ranks for the live search's limit: answered with
 * one lookup instead of the index's binary searches and, for the many prefixes few names start
 * with, its trigram lists (several times the lookup's cost in a busy server, where those lists
 * and texts are rarely in the processor's cache).
 *
 * Many prefixes have the same answer (once a name is the only one starting so, each letter more
 * finds it alone again), so each distinct list of ranks is held once and numbered: a prefix maps to
 * its list's number, and the lists lie in one typed array, each from its offset to the next one's.
 * The numbers let the answers' bytes be made once per list (LiveSearchAnswers). At 20,000 titles
 * some 90,000 prefixes, about 7 MB, made as the index is built.
 */
class TypedPrefixes {
  private constructor(
    /** Each prefix's list number. */
    private readonly entries: ReadonlyMap<string, number>,
    /** Where each list starts in `ranks`, and (last) where the last one ends. */
    private readonly offsets: Int32Array,
    private readonly ranks: Int32Array,
    /** The limit the answers were made for. */
    readonly limit: number,
  ) {}

  /**
   * The table of `texts`' typed prefixes, each answered by `ranksOf` (the index's own search for
   * `limit`), awaiting `pause()` after every `sliceSize` prefixes answered (each costs a search).
   */
  static async of(
    texts: readonly string[],
    ranksOf: (prefix: string) => number[],
    limit: number,
    pause: () => Promise<void>,
    sliceSize: number,
  ): Promise<TypedPrefixes> {
    const entries = new Map<string, number>();
    /** Each distinct list's number, by its ranks joined: only while building. */
    const numbers = new Map<string, number>();
    const offsets: number[] = [];
    const ranks: number[] = [];
    let answered = 0;
    for (const text of texts) {
      for (let start = 0; start !== -1 && start < text.length; start = nextWordStart(text, start)) {
        for (let end = start + SEARCH_RULES.minLength; end <= Math.min(text.length, start + TYPED_PREFIX_UNITS); end += 1) {
          // The search trims the query: a prefix ending in a space is never asked as it is.
          if (text.charCodeAt(end - 1) === SPACE_CODE) continue;
          const prefix = text.slice(start, end);
          if (entries.has(prefix)) continue;
          const found = ranksOf(prefix);
          const key = found.join(',');
          let number = numbers.get(key);
          if (number === undefined) {
            number = offsets.length;
            numbers.set(key, number);
            offsets.push(ranks.length);
            ranks.push(...found);
          }
          entries.set(prefix, number);
          answered += 1;
          if (answered % sliceSize === 0) await pause();
        }
      }
    }
    offsets.push(ranks.length);
    return new TypedPrefixes(entries, Int32Array.from(offsets), Int32Array.from(ranks), limit);
  }

  /** How many distinct lists there are, numbered from 0. */
  get count(): number {
    return this.offsets.length - 1;
  }

  /** The number of the list answering `folded` for `limit`, when made ahead; undefined when not. */
  numberOf(folded: string, limit: number): number | undefined {
    return limit === this.limit ? this.entries.get(folded) : undefined;
  }

  /** The ranks of list `number`, best first. */
  ranksOf(number: number): number[] {
    return Array.from(this.ranks.subarray(this.offsets[number]!, this.offsets[number + 1]!));
  }
}

/** Where the word after the one at `start` starts in `text`, or -1. */
function nextWordStart(text: string, start: number): number {
  const space = text.indexOf(' ', start);
  return space === -1 ? -1 : space + 1;
}

/**
 * The catalog's titles held for search in memory, answering exactly what SearchService's SQL
 * answers (`search_text LIKE '%query%'`, ranked by the name starting with the query, then a word
 * starting with it, then inside a word; within each, by `length(search_text)`, `name`, `id`) without
 * a database round trip.
 *
 * A title's rank is its position in the order PostgreSQL gives `length(search_text), name, id`
 * (handed in that order, so the database's own collation orders the names). The lookups are keyed
 * by three consecutive UTF-16 units:
 * - `textStarts`: the texts starting with them, as a StartList: those starting with the query lie
 *   in one run of the list of its first three units, the best of which are read at once.
 * - `wordStarts`: the words (after a space) starting with them, as a StartList of (rank, offset)
 *   pairs: read the same way when the names leave room on the page.
 * - `trigrams`: the titles holding each trigram anywhere, ranks ascending. Every match of the query
 *   holds all of its trigrams: matches inside a word, wanted only when the first two kinds leave
 *   room, are read from the titles on every one of their lists until the page is full.
 * - `insideTrigrams`: the titles holding each trigram inside a word (neither at the start of the
 *   text nor after a space), ranks ascending. A match inside a word holds the query's first
 *   trigram there, so its candidates start from this list: the titles whose only such trigram
 *   opens a word (most of those a typed prefix finds, already counted) are never read again.
 * - `trigramBits`: for the trigrams on many titles (1 in 32 or more), the same as a bit per
 *   title, so narrowing the candidates by a common trigram costs a look per candidate instead of
 *   a read along its long list.
 *
 * The answer for the name or a word starting with the query (what people type) is so found in two
 * binary searches and a read of the few best ranks, however many titles start that way: a scan of
 * the titles starting with the query's first three units, or holding its trigrams, cost up to 40 µs
 * a search at 20,000 titles, most of the live search's time.
 *
 * Building reads every text once and sorts each start list (small ones: a list holds the texts or
 * words starting with one trigram). Memory grows with the catalog's text: 12 bytes per title and
 * per word, 4 per distinct trigram of a title, at most as much again for those inside a word and
 * for the bits, beside the texts and cards themselves and each card's JSON (about 23 MB in all at
 * 20,000 titles).
 *
 * Last, the live search's answers to every typed prefix of the names are made with the index and
 * kept (TypedPrefixes, about 7 MB more at 20,000 titles): what people type is then answered with
 * one lookup, and only other queries search the index.
 */
export class TitleSearchIndex {
  private constructor(
    private readonly texts: readonly string[],
    private readonly cards: readonly TitleCard[],
    /** Each card as JSON.stringify writes it, for answers sent as they are (cardJson). */
    private readonly cardsJson: readonly Buffer[],
    private readonly textStarts: ReadonlyMap<number, StartList>,
    private readonly wordStarts: ReadonlyMap<number, StartList>,
    private readonly trigrams: ReadonlyMap<number, Int32Array>,
    private readonly insideTrigrams: ReadonlyMap<number, Int32Array>,
    /** The same titles as a bit per rank, for the trigrams on many titles (see bitsFor). */
    private readonly trigramBits: ReadonlyMap<number, Uint32Array>,
  ) {}

  /** The live search's answers to the typed prefixes, made as the index is built (see TypedPrefixes). */
  private typedPrefixes: TypedPrefixes | null = null;

  /**
   * The index of `titles`, in PostgreSQL's `ORDER BY length(search_text), name, id`, awaiting
   * `pause()` after every `sliceSize` titles (and as many start list entries sorted), so a server
   * building the index of a large catalog keeps answering meanwhile.
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
    const texts = titles.map((title) => title.searchText);
    const trigrams = typed(lists.trigrams);
    const index = new TitleSearchIndex(
      texts,
      titles.map((title) => title.card),
      cardsJson,
      await startLists(lists.textStarts, texts, pause, sliceSize),
      await startLists(lists.wordStarts, texts, pause, sliceSize),
      trigrams,
      typed(lists.insideTrigrams),
      bitsFor(trigrams, titles.length),
    );
    const limit = SEARCH_RULES.liveLimit;
    // A slice of prefixes costs a search each, several times what adding a title costs.
    index.typedPrefixes = await TypedPrefixes.of(texts, (prefix) => index.ranks(prefix, limit), limit, pause, Math.max(1, Math.floor(sliceSize / 4)));
    return index;
  }

  /**
   * The best `limit` titles for `folded`, an already folded query of at least three UTF-16 units
   * (SearchService refuses shorter ones; SEARCH_RULES.minLength is 3), best first.
   */
  search(folded: string, limit: number): TitleCard[] {
    return this.ranks(folded, limit).map((rank) => this.cards[rank]!);
  }

  /**
   * The number of the answer made ahead for `folded` at `limit` (a typed prefix at the live
   * search's limit), or undefined: the same number is the same ranks, whatever prefix found them.
   */
  madeAhead(folded: string, limit: number): number | undefined {
    return this.typedPrefixes?.numberOf(folded, limit);
  }

  /** How many answers are made ahead, numbered from 0 (see madeAhead). */
  get madeAheadCount(): number {
    return this.typedPrefixes?.count ?? 0;
  }

  /** The ranks of the answer made ahead numbered `number`, best first. */
  madeAheadRanks(number: number): number[] {
    return this.typedPrefixes!.ranksOf(number);
  }

  /** The card of the title at `rank` (one of `ranks`) as JSON.stringify writes it (made when the index was built). */
  cardJson(rank: number): Buffer {
    return this.cardsJson[rank]!;
  }

  /**
   * The ranks of `search`'s titles, best first: the same ranks are the same answer, whatever query
   * found them. The texts starting with the query, then (while the page has room) those with a word
   * starting with it, then those holding it inside a word.
   */
  ranks(folded: string, limit: number): number[] {
    if (folded.length < 3) throw new RangeError('a search needs at least three units');
    const madeAhead = this.madeAhead(folded, limit);
    if (madeAhead !== undefined) return this.madeAheadRanks(madeAhead);
    const key = trigramKey(folded, 0);
    const ranks = this.textStarts.get(key)?.best(this.texts, folded, limit, NONE) ?? [];
    // Fewer than a page: every text starting with the query is there, and its words are not counted again.
    if (ranks.length < limit) ranks.push(...(this.wordStarts.get(key)?.best(this.texts, folded, limit - ranks.length, ranks) ?? NONE));
    if (ranks.length < limit) ranks.push(...this.insideWords(folded, limit - ranks.length, this.holdingEveryTrigram(folded)));
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
   * The titles holding the query's first trigram inside a word and every other trigram of it
   * (ranks, ascending): every match inside a word is among them. The rarest list is narrowed by
   * the others, rarest first: by a look at a common trigram's bits for each title left (cheaper
   * than reading a title's text, so always done), or by merging with a rarer trigram's list until
   * few enough are left that reading their texts costs less than another list (the lists lie in a
   * row in memory, the texts all over it).
   */
  private holdingEveryTrigram(folded: string): Int32Array {
    const first = trigramKey(folded, 0);
    const inside = this.insideTrigrams.get(first);
    if (inside === undefined) return EMPTY;
    const lists: Array<{ titles: Int32Array; bits: Uint32Array | undefined }> = [{ titles: inside, bits: undefined }];
    const keys = [first];
    for (let at = 1; at + 3 <= folded.length; at += 1) {
      const key = trigramKey(folded, at);
      if (keys.includes(key)) continue;
      const titles = this.trigrams.get(key);
      if (titles === undefined) return EMPTY;
      keys.push(key);
      lists.push({ titles, bits: this.trigramBits.get(key) });
    }
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
  /** For the first three units of every text, the (rank, offset 0) pairs starting with them. */
  readonly textStarts = new Map<number, number[]>();
  /** For the first three units of every word after a space, its (rank, offset) pairs in rank order. */
  readonly wordStarts = new Map<number, number[]>();
  /** For every trigram, the ranks holding it, ascending and each once. */
  readonly trigrams = new Map<number, number[]>();
  /** For every trigram, the ranks holding it inside a word (not at the text's start nor after a space), ascending and each once. */
  readonly insideTrigrams = new Map<number, number[]>();

  add(text: string, rank: number): void {
    if (text.length >= 3) append(this.textStarts, trigramKey(text, 0), rank, 0);
    for (let space = text.indexOf(' '); space !== -1; space = text.indexOf(' ', space + 1)) {
      if (space + 4 <= text.length) append(this.wordStarts, trigramKey(text, space + 1), rank, space + 1);
    }
    for (let at = 0; at + 3 <= text.length; at += 1) {
      const key = trigramKey(text, at);
      appendOnce(this.trigrams, key, rank);
      if (at > 0 && text.charCodeAt(at - 1) !== SPACE_CODE) appendOnce(this.insideTrigrams, key, rank);
    }
  }
}

const SPACE_CODE = 0x20;

/** Adds `rank` to the list under `key` unless it is last already (ranks are added in ascending order). */
function appendOnce(lists: Map<number, number[]>, key: number, rank: number): void {
  const list = lists.get(key);
  if (list === undefined) lists.set(key, [rank]);
  else if (list[list.length - 1] !== rank) list.push(rank);
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
