import { brotliDecompressSync } from 'node:zlib';
import { SEARCH_RULES, type TitleCard } from '@seyirlik/shared-contracts';
import { answerEtag, compress, storedBodyFor } from '../../platform/http/response-encoding';
import { LiveSearchAnswers, searchResultJson } from './live-search-answers';
import { SEARCH_COMPRESSION } from './search-compression';
import { TitleSearchIndex } from './title-search-index';

const BROWSER = 'gzip, deflate, br, zstd';

/** A card with a long description-like name, so a page of them is over the compression threshold. */
const card = (slug: string, name: string): TitleCard => ({
  slug,
  kind: 'dizi',
  name,
  originalName: `${name} (özgün adıyla)`,
  year: 2024,
  imdb: 7.5,
  posterUrl: `/media/posters/${slug}.svg`,
  adult: false,
});

const NAMES = [
  'kara gece', 'karanlik', 'karanlikta isik', 'kara sevda', 'kara para ask', 'karadeniz', 'karagul', 'karakol',
  'karayel', 'kara kutu', 'isik', 'gece yarisi', 'yildiz tozu',
];

describe('LiveSearchAnswers', () => {
  let index: TitleSearchIndex;
  let answers: LiveSearchAnswers;

  beforeAll(async () => {
    index = await TitleSearchIndex.build(NAMES.map((name, rank) => ({ searchText: name, card: card(`t${rank}`, name) })), async () => undefined);
    answers = await LiveSearchAnswers.build(index, SEARCH_COMPRESSION, async () => undefined, 3);
  });

  it('answers a typed prefix with the JSON, ETag and brotli copy the full way makes of the same titles', () => {
    // "kar" finds a full page: over the compression threshold.
    const answer = answers.answer('kar', SEARCH_RULES.liveLimit)!;
    const json = searchResultJson(index, index.ranks('kar', SEARCH_RULES.liveLimit));

    expect(json.length).toBeGreaterThanOrEqual(1024);
    expect(answer.body.equals(json)).toBe(true);
    expect(JSON.parse(answer.body.toString())).toEqual({ titles: index.search('kar', SEARCH_RULES.liveLimit) });
    expect(answer.etag).toBe(answerEtag(json));
    expect(answer.encoded!.br!.equals(compress(json, 'br', SEARCH_COMPRESSION))).toBe(true);
    expect(brotliDecompressSync(answer.encoded!.br!).equals(json)).toBe(true);
  });

  it('sends the brotli copy to a browser without putting its JSON together, and compresses for a client taking gzip only, keeping nothing of it', () => {
    const cards = jest.spyOn(index, 'cardJson');
    const answer = answers.answer('kara', SEARCH_RULES.liveLimit)!;
    const toBrowser = storedBodyFor(answer, BROWSER);
    const cardsRead = cards.mock.calls.length;
    cards.mockRestore();
    expect(toBrowser).toEqual({ body: answer.encoded!.br, vary: true, encoding: 'br' });
    expect(cardsRead).toBe(0);

    const again = answers.answer('kara', SEARCH_RULES.liveLimit)!;
    const toGzip = storedBodyFor(again, 'gzip');
    expect(toGzip.encoding).toBe('gzip');
    expect(answers.answer('kara', SEARCH_RULES.liveLimit)!.encoded).toEqual({ br: answer.encoded!.br });
  });

  it('answers a small page with its JSON made ahead, without ETag or copy, like the full way', () => {
    const cards = jest.spyOn(index, 'cardJson');
    const answer = answers.answer('yildiz', SEARCH_RULES.liveLimit)!;
    const cardsRead = cards.mock.calls.length;
    cards.mockRestore();

    expect(cardsRead).toBe(0);
    expect(answer.body.length).toBeLessThan(1024);
    expect(answer.body.toString()).toBe(JSON.stringify({ titles: index.search('yildiz', SEARCH_RULES.liveLimit) }));
    expect(answer.etag).toBeNull();
    expect(answer.encoded).toBeUndefined();
    expect(storedBodyFor(answer, BROWSER)).toEqual({ body: answer.body, vary: false, encoding: null });
  });

  it('has no answer for a query no name starts with, one longer than a typed prefix or inside a word, or another limit', () => {
    expect(answers.answer('zzz', SEARCH_RULES.liveLimit)).toBeUndefined();
    expect(answers.answer('xyz', SEARCH_RULES.liveLimit)).toBeUndefined();
    expect(answers.answer('karanlikt', SEARCH_RULES.liveLimit)).toBeUndefined();
    expect(answers.answer('arank', SEARCH_RULES.liveLimit)).toBeUndefined();
    expect(answers.answer('kara', SEARCH_RULES.legacyLimit)).toBeUndefined();
  });

  it('gives every prefix with the same titles the same bytes, made once', () => {
    const typed = ['karanl', 'karanli', 'karanlik'].map((query) => answers.answer(query, SEARCH_RULES.liveLimit)!);

    expect(new Set(typed.map(({ etag }) => etag)).size).toBe(1);
    expect(typed[0]!.body.equals(typed[2]!.body)).toBe(true);
  });

  it('holds the bytes of many answers across blocks, each found again whole', async () => {
    const many = Array.from({ length: 400 }, (_, at) => `ad${String(at).padStart(3, '0')} ${'uzun bir isim '.repeat(6)}`);
    const bigIndex = await TitleSearchIndex.build(many.map((name, rank) => ({ searchText: name, card: card(`b${rank}`, name) })), async () => undefined);
    // Blocks of 2 KB: a few copies each, some copies larger than a block.
    const bigAnswers = await LiveSearchAnswers.build(bigIndex, SEARCH_COMPRESSION, async () => undefined, 50, 2048);

    for (let number = 0; number < 400; number += 1) {
      const query = `ad${String(number).padStart(3, '0')}`;
      const answer = bigAnswers.answer(query, SEARCH_RULES.liveLimit)!;
      expect(answer.body.equals(searchResultJson(bigIndex, bigIndex.ranks(query, SEARCH_RULES.liveLimit)))).toBe(true);
      if (answer.encoded) expect(brotliDecompressSync(answer.encoded.br!).equals(answer.body)).toBe(true);
    }
    const ad = bigAnswers.answer('ad0', SEARCH_RULES.liveLimit)!;
    expect(ad.body.length).toBeGreaterThan(2048);
    expect(brotliDecompressSync(ad.encoded!.br!).equals(ad.body)).toBe(true);
  });
});
