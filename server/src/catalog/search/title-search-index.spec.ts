import type { TitleCard } from '@seyirlik/shared-contracts';
import { seededRandom } from '../../../test/harness/seeded-random';
import { type SearchableTitle, TitleSearchIndex } from './title-search-index';

/** A card whose slug names the title; the index hands cards back untouched. */
const card = (slug: string): TitleCard => ({
  slug,
  kind: 'dizi',
  name: slug,
  originalName: slug,
  year: 2024,
  imdb: 7,
  posterUrl: `/media/posters/${slug}.svg`,
  adult: false,
});

/** Titles in rank order (as PostgreSQL would hand them), each slug `t<rank>`. */
const titlesOf = (texts: string[]): SearchableTitle[] => texts.map((searchText, rank) => ({ searchText, card: card(`t${rank}`) }));

/** The index of `texts`, built in slices of `sliceSize` titles. */
const indexOf = (texts: string[], sliceSize?: number) => TitleSearchIndex.build(titlesOf(texts), async () => undefined, sliceSize);

const slugs = (cards: TitleCard[]) => cards.map((found) => found.slug);

/** What SearchService's SQL answers, written the plain way: every match, by kind and then rank. */
function searchedPlainly(texts: string[], query: string, limit: number): string[] {
  const kind = (text: string) => (text.startsWith(query) ? 0 : text.includes(` ${query}`) ? 1 : 2);
  return texts
    .map((text, rank) => ({ text, rank }))
    .filter(({ text }) => text.includes(query))
    .sort((a, b) => kind(a.text) - kind(b.text) || a.rank - b.rank)
    .slice(0, limit)
    .map(({ rank }) => `t${rank}`);
}

describe('TitleSearchIndex', () => {
  const texts = ['kara gece', 'karanlikta isik', 'buzlu karanfil', 'sakar dagi', 'iskele kara kara', 'kar'];
  let sut: TitleSearchIndex;

  beforeAll(async () => {
    sut = await indexOf(texts);
  });

  it('ranks the text starting with the query, then a word starting with it, then inside a word, each by rank', () => {
    expect(slugs(sut.search('kar', 10))).toEqual(['t0', 't1', 't5', 't2', 't4', 't3']);
  });

  it('counts a title once however many of its words start with the query', () => {
    expect(slugs(sut.search('kara', 10))).toEqual(['t0', 't1', 't2', 't4']);
  });

  it('answers at most `limit` titles, the best ones', () => {
    expect(slugs(sut.search('kar', 2))).toEqual(['t0', 't1']);
    expect(slugs(sut.search('kar', 4))).toEqual(['t0', 't1', 't5', 't2']);
  });

  it('finds a match inside a word in a title whose other words start like the query', async () => {
    const mixed = ['abc xabcd', 'abcd', 'zz abcd', 'qabcd abc', 'abce abcf', 'xabc abcd'];
    const index = await indexOf(mixed);
    expect(slugs(index.search('abcd', 10))).toEqual(['t1', 't2', 't5', 't0', 't3']);
    expect(slugs(index.search('abcd', 10))).toEqual(searchedPlainly(mixed, 'abcd', 10));
    expect(slugs(index.search('abc', 10))).toEqual(searchedPlainly(mixed, 'abc', 10));
  });

  it('matches across a space, and nothing when a trigram of the query is nowhere', () => {
    expect(slugs(sut.search('a ge', 10))).toEqual(['t0']);
    expect(slugs(sut.search('e kara k', 10))).toEqual(['t4']);
    expect(sut.search('xyz', 10)).toEqual([]);
    expect(sut.search('karanlikta isik ve daha', 10)).toEqual([]);
  });

  it('takes the query literally: no character is a pattern', async () => {
    const literal = await indexOf(['yuzde 100% ask', 'kod_adi dogan', 'kod adi dogan', 'ters\\egik']);

    expect(slugs(literal.search('100%', 10))).toEqual(['t0']);
    expect(slugs(literal.search('d_a', 10))).toEqual(['t1']);
    expect(slugs(literal.search('s\\e', 10))).toEqual(['t3']);
    expect(literal.search('%%%', 10)).toEqual([]);
  });

  it('refuses a query under three units, which SearchService never sends', () => {
    expect(() => sut.search('ka', 10)).toThrow(RangeError);
  });

  it('answers what the plain search answers, on many random texts and queries, however it was sliced', async () => {
    const random = seededRandom(42);
    const letters = ['a', 'b', 'c', ' ', 'ş', '1', '\u{1F3AC}'];
    const randomText = (length: number) => Array.from({ length }, () => letters[Math.floor(random() * letters.length)]).join('');
    const manyTexts = Array.from({ length: 400 }, () => randomText(1 + Math.floor(random() * 14)).replace(/\s+/g, ' ').trim());
    const [index, sliced] = [await indexOf(manyTexts), await indexOf(manyTexts, 7)];
    const queries = [
      ...Array.from({ length: 300 }, () => randomText(3 + Math.floor(random() * 4)).trim()),
      ...manyTexts.map((text) => text.slice(Math.floor(random() * 3), 3 + Math.floor(random() * 6))),
    ].filter((query) => query.length >= 3);

    for (const query of queries) {
      for (const limit of [1, 8, 20]) {
        const expected = { query, limit, found: searchedPlainly(manyTexts, query, limit) };
        expect({ query, limit, found: slugs(index.search(query, limit)) }).toEqual(expected);
        expect({ query, limit, found: slugs(sliced.search(query, limit)) }).toEqual(expected);
      }
    }
  });

  it('answers what the plain search answers when common trigrams (looked up by their bits) meet rare ones (merged as lists)', async () => {
    const random = seededRandom(7);
    const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
    // A few words on many titles, as a multiplied catalog has them, and words of random letters on few.
    const common = ['gece', 'kara', 'gölge', 'saat', 'işık', 'yol'];
    const rareWord = () => Array.from({ length: 3 + Math.floor(random() * 5) }, () => pick([...'abcçdefgğhıijklmnoöprsştuüvyz'])).join('');
    const manyTexts = Array.from({ length: 3000 }, () =>
      Array.from({ length: 1 + Math.floor(random() * 4) }, () => (random() < 0.6 ? pick(common) : rareWord())).join(' '),
    );
    const index = await indexOf(manyTexts);
    const queries = [
      ...common.flatMap((word) => [word, word.slice(0, 3), `${word} ${pick(common).slice(0, 2)}`, `${word.slice(1)} `]),
      ...manyTexts.slice(0, 400).map((text) => text.slice(Math.floor(random() * 4), 4 + Math.floor(random() * 8))),
    ].filter((query) => query.length >= 3);

    for (const query of queries) {
      for (const limit of [1, 8, 20]) {
        expect({ query, limit, found: slugs(index.search(query, limit)) }).toEqual({ query, limit, found: searchedPlainly(manyTexts, query, limit) });
      }
    }
  });

  it('answers what the plain search answers when thousands of words start like the query and few names do', async () => {
    const random = seededRandom(11);
    const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
    // Words sharing their first units, as the words of a catalog do; a name seldom starts with one,
    // and such a name often has the same word again, to be counted once and as a name.
    const words = ['kar', 'kara', 'karan', 'karanlik', 'kartal', 'kas', 'kasim', 'kara1', 'kara kis'];
    const otherWord = () => Array.from({ length: 3 + Math.floor(random() * 4) }, () => pick([...'bdefgmnoprstuyz'])).join('');
    const manyTexts = Array.from({ length: 4000 }, () =>
      [random() < 0.03 ? pick(words) : otherWord(), ...Array.from({ length: Math.floor(random() * 4) }, () => (random() < 0.5 ? pick(words) : otherWord()))].join(' '),
    );
    const index = await indexOf(manyTexts, 300);
    const queries = [...words, 'kara k', 'karanl', 'kartall', 'ara', 'ara k', 'anli', `${manyTexts[0]!.slice(0, 4)}`];

    for (const query of queries) {
      for (const limit of [1, 8, 20, 200]) {
        expect({ query, limit, found: slugs(index.search(query, limit)) }).toEqual({ query, limit, found: searchedPlainly(manyTexts, query, limit) });
      }
    }
  });

  it('answers every typed prefix of the names, made ahead, as the plain search does, and longer ones as well', async () => {
    const random = seededRandom(5);
    const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
    const words = ['kara', 'karanlik', 'gece', 'gecenin', 'isik', 'yol', 'yolcu', 'a', 'ab'];
    const manyTexts = Array.from({ length: 600 }, () => Array.from({ length: 1 + Math.floor(random() * 4) }, () => pick(words)).join(' '));
    const index = await indexOf(manyTexts, 13);
    // Every prefix of 3 to 12 units of every name from each of its words' starts, as people type them.
    const typed = new Set(
      manyTexts.flatMap((text) =>
        [0, ...[...text.matchAll(/ /g)].map((match) => match.index + 1)].flatMap((start) =>
          Array.from({ length: 10 }, (_, extra) => text.slice(start, start + 3 + extra).trim()).filter((query) => query.length >= 3),
        ),
      ),
    );

    expect(typed.size).toBeGreaterThan(100);
    for (const query of typed) {
      for (const limit of [8, 20]) {
        expect({ query, limit, found: slugs(index.search(query, limit)) }).toEqual({ query, limit, found: searchedPlainly(manyTexts, query, limit) });
      }
    }
  });

  it('numbers the answers made ahead once per distinct list of titles, and makes none for other queries or limits', async () => {
    const index = await indexOf(['kara gece', 'karanlik', 'karanlikta isik', 'isik', 'gece yarisi']);

    // "karanl" to "karanli" find the same two names; "karanlikt" is longer than a typed prefix.
    const numbers = ['karanl', 'karanli', 'karanlik'].map((query) => index.madeAhead(query, 8));
    expect(new Set(numbers).size).toBe(1);
    expect(index.madeAheadRanks(numbers[0]!)).toEqual(index.ranks('karanl', 8));
    expect(index.madeAhead('kara', 8)).not.toBe(numbers[0]);
    expect(index.madeAhead('karanlikt', 8)).toBeUndefined();
    expect(index.madeAhead('aran', 8)).toBeUndefined();
    expect(index.madeAhead('kara', 20)).toBeUndefined();
    // Every number is a distinct list, and every list one the index answers for a typed prefix.
    const lists = Array.from({ length: index.madeAheadCount }, (_, number) => index.madeAheadRanks(number).join(','));
    expect(new Set(lists).size).toBe(index.madeAheadCount);
    expect(index.madeAheadCount).toBeGreaterThan(3);
  });

  it('gives what it finds as each card’s JSON, as JSON.stringify writes it', async () => {
    const named = await TitleSearchIndex.build(
      [
        { searchText: 'kara gece', card: { ...card('kara-gece'), name: 'Kara Gece "Özel"', imdb: 6.5 } },
        { searchText: 'karanlik', card: { ...card('karanlik'), name: 'Karanlık \u{1F3AC} \\ \n', adult: true } },
      ],
      async () => undefined,
    );

    const found = named.ranks('kar', 8).map((rank) => named.cardJson(rank));

    expect(found.map((json) => json.toString('utf8'))).toEqual(named.search('kar', 8).map((title) => JSON.stringify(title)));
    expect(found).toHaveLength(2);
    expect(named.ranks('yok', 8)).toEqual([]);
  });
});
