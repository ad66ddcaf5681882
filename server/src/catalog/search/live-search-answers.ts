import type { SearchResult } from '@seyirlik/shared-contracts';
import type { FrontAnswer } from '../../platform/http/read-cache/front-reads';
import { answerEtag, compress, type CompressionEffort, type Encoding } from '../../platform/http/response-encoding';
import type { TitleSearchIndex } from './title-search-index';

/** The parts of a SearchResult's JSON (`{"titles":[...]}`) around its cards, as JSON.stringify writes them. */
const RESULT_OPEN = Buffer.from('{"titles":[');
const COMMA = 0x2c;
const RESULT_CLOSE = Buffer.from(']}');

/** The live search's answer with no title, as JSON.stringify writes it. */
export const EMPTY_RESULT_JSON = Buffer.from(JSON.stringify({ titles: [] } satisfies SearchResult));

/**
 * The SearchResult listing the titles at `ranks` of `index`, as JSON.stringify writes it, made of
 * the cards' JSON the index holds: measured, then copied into one buffer.
 */
export function searchResultJson(index: TitleSearchIndex, ranks: readonly number[]): Buffer {
  if (ranks.length === 0) return EMPTY_RESULT_JSON;
  let length = RESULT_OPEN.length + ranks.length - 1 + RESULT_CLOSE.length;
  for (const rank of ranks) length += index.cardJson(rank).length;
  const json = Buffer.allocUnsafe(length);
  json.set(RESULT_OPEN, 0);
  let used = RESULT_OPEN.length;
  for (let at = 0; at < ranks.length; at += 1) {
    if (at > 0) json[used++] = COMMA;
    const card = index.cardJson(ranks[at]!);
    json.set(card, used);
    used += card.length;
  }
  json.set(RESULT_CLOSE, used);
  return json;
}

/** The JSON of the answer `index` made ahead numbered `number`. */
const madeAheadJson = (index: TitleSearchIndex, number: number): Buffer => searchResultJson(index, index.madeAheadRanks(number));

/** The answers' bytes are written into blocks of this size, each a piece of memory outside V8's heap. */
const BLOCK_BYTES = 1 << 20;

/**
 * The live search's answers to the typed prefixes of the catalog's names (those the index makes
 * ahead, TitleSearchIndex.madeAhead) as they are sent, made once as the index is built: an answer
 * under 1 KB as its JSON (sent as it is, without ETag, as the full way sends it); a larger one as
 * its ETag and brotli copy (what every browser takes). Answering one then costs a lookup and a
 * slice, the cards' JSON put together only for a client that takes no brotli, and nothing kept.
 * Made per request instead, a large answer cost a compression (some 17 µs at 20,000 titles) and
 * was kept for the next prefix with the same titles (as the answers to other queries are), each
 * one outliving a young-generation collection or two, which copied it at least once more; a small
 * one was put together from its cards' JSON, lying apart in the heap, at every keystroke.
 *
 * The bytes lie in blocks of a megabyte outside V8's heap, found by three numbers per answer. At
 * 20,000 titles the typed prefixes have some 36,500 distinct answers: 6,700 of 1 KB or more, with
 * 3.6 MB of brotli copies, and 29,800 smaller ones, with 11 MB of JSON.
 */
export class LiveSearchAnswers {
  private constructor(
    /** The index the answers were made from. */
    readonly index: TitleSearchIndex,
    private readonly blocks: readonly Buffer[],
    /** For answer n: its block (3n), its offset there (3n + 1) and its length (3n + 2). */
    private readonly places: Int32Array,
    /** Each answer's ETag; null for one under 1 KB, whose bytes are its JSON (a larger one's are its brotli copy). */
    private readonly etags: ReadonlyArray<string | null>,
    private readonly effort: CompressionEffort,
  ) {}

  /**
   * Every answer `index` makes ahead, from 1 KB compressed with `effort` as the route's public read
   * compresses its answers (so the bytes sent are the same either way), awaiting `pause()` after
   * every `sliceSize` answers made; the bytes go in blocks of `blockBytes` (or one as large as an
   * answer's).
   */
  static async build(
    index: TitleSearchIndex,
    effort: CompressionEffort,
    pause: () => Promise<void>,
    sliceSize = 200,
    blockBytes = BLOCK_BYTES,
  ): Promise<LiveSearchAnswers> {
    const count = index.madeAheadCount;
    const places = new Int32Array(3 * count);
    const etags: Array<string | null> = [];
    const blocks: Buffer[] = [];
    let block = Buffer.allocUnsafeSlow(blockBytes);
    let used = 0;
    for (let number = 0; number < count; number += 1) {
      const json = madeAheadJson(index, number);
      const etag = answerEtag(json, json.length);
      etags.push(etag);
      // Under the size from which answers are compressed (where answerEtag gives none), the JSON goes as it is.
      const bytes = etag === null ? json : compress(json, 'br', effort);
      if (used + bytes.length > block.length) {
        blocks.push(block.subarray(0, used));
        block = Buffer.allocUnsafeSlow(Math.max(blockBytes, bytes.length));
        used = 0;
      }
      block.set(bytes, used);
      places[3 * number] = blocks.length;
      places[3 * number + 1] = used;
      places[3 * number + 2] = bytes.length;
      used += bytes.length;
      if ((number + 1) % sliceSize === 0) await pause();
    }
    // The last block keeps only what it holds.
    const last = Buffer.allocUnsafeSlow(used);
    block.copy(last, 0, 0, used);
    blocks.push(last);
    return new LiveSearchAnswers(index, blocks, places, etags, effort);
  }

  /**
   * The answer to `folded` (an already folded query) at `limit` when made ahead, as the route's
   * handler would send it; undefined when not (a longer query, a piece inside a word).
   */
  answer(folded: string, limit: number): FrontAnswer | undefined {
    const number = this.index.madeAhead(folded, limit);
    if (number === undefined) return undefined;
    const offset = this.places[3 * number + 1]!;
    const bytes = this.blocks[this.places[3 * number]!]!.subarray(offset, offset + this.places[3 * number + 2]!);
    const etag = this.etags[number] ?? null;
    // Under 1 KB: no ETag (answerEtag gives none), no copy; the JSON goes as it is.
    if (etag === null) return { body: bytes, etag: null, effort: this.effort };
    return new MadeAheadAnswer(this.index, number, etag, bytes, this.effort);
  }
}

/**
 * An answer of 1 KB or more made ahead. sentOnce: a client taking brotli gets the copy made ahead,
 * and its JSON is never put together; any other client gets the JSON, put together when first
 * read and compressed as it takes it, kept nowhere.
 */
class MadeAheadAnswer implements FrontAnswer {
  readonly encoded: Partial<Record<Encoding, Buffer>>;
  readonly sentOnce = true;
  private json: Buffer | null = null;

  constructor(
    private readonly index: TitleSearchIndex,
    private readonly number: number,
    readonly etag: string,
    br: Buffer,
    readonly effort: CompressionEffort,
  ) {
    this.encoded = { br };
  }

  get body(): Buffer {
    return (this.json ??= madeAheadJson(this.index, this.number));
  }
}
