import {
  DISCOVER_MESSAGES,
  DISCOVER_RULES,
  SEARCH_MESSAGES,
  encodeDiscoverFilter,
  type DiscoverFilter,
  type TitleCard,
} from '@seyirlik/shared-contracts';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { CatalogImportService } from '../../src/catalog/import/catalog-import.service';
import { SearchService } from '../../src/catalog/search/search.service';
import { buildCatalogFile, buildFilm, buildSeries } from '../factories/catalog';
import { startTestApp, type TestApp } from '../support/test-app';

type TitleInput = Parameters<typeof buildSeries>[0] & object;

/** A title whose original name is its name, so only the Turkish name is searched. */
const series = (name: string, overrides: TitleInput = {}) => buildSeries({ name, originalName: name, ...overrides });
const film = (name: string, overrides: TitleInput = {}) => buildFilm({ name, originalName: name, ...overrides });

const names = (titles: TitleCard[]) => titles.map((title) => title.name);
const base64Url = (text: string) => Buffer.from(text, 'utf8').toString('base64url');

describe('search and discover', () => {
  let sut: TestApp;
  const sahmaran = series('Şahmaran', { year: 2023, imdb: 7.5, genres: ['dram'] });
  const isikYolu = series('Işık Yolu', { year: 2015, imdb: 8.4, genres: ['komedi'] });
  const karanlik = film('Karanlıkta ışık', { year: 2021, imdb: 6.0, genres: ['komedi'] });
  const karaGece = film('Kara Gece', { year: 2010, imdb: 5.1, genres: ['dram'] });
  const karanfil = series('Buzlu Karanfil', { year: 2024, imdb: 9.0, genres: ['dram', 'komedi'] });
  const sakar = film('Şakar Dağı', { year: 2005, imdb: 4.0, genres: ['dram'] });
  const percent = film('Yüzde 100% Aşk', { year: 2019, imdb: 6.6 });
  const underscore = film('Kod_Adı Doğan', { year: 2019, imdb: 6.6 });
  const codeName = film('Kod Adı Doğan', { year: 2019, imdb: 6.6 });
  const quote = series("O'Neil'in Evi", { year: 2018, imdb: 7.0 });
  const backslash = series('Ters\\Eğik Çizgi', { year: 2017, imdb: 7.0 });
  const hostile = series('<img src=x onerror=alert(1)> Kötü "Niyet" & Co', { year: 2022, imdb: 3.0 });
  const anime = buildSeries({ kind: 'anime', name: 'Ejderha Bahçesi', originalName: 'Dragon Garden', year: 2022, imdb: 7.7, genres: ['komedi'] });
  const all = [sahmaran, isikYolu, karanlik, karaGece, karanfil, sakar, percent, underscore, codeName, quote, backslash, hostile, anime];

  beforeAll(async () => {
    sut = await startTestApp();
    await sut.server.app.get(CatalogImportService).import(
      buildCatalogFile(all, {
        genres: [
          { slug: 'dram', name: 'Dram' },
          { slug: 'komedi', name: 'Komedi' },
          { slug: 'aile', name: 'Aile' },
        ],
      }),
    );
  });

  afterAll(() => sut.close());

  const search = (q: string) => request(sut.baseUrl).get('/api/search').query({ q });

  describe('GET /api/search', () => {
    it('ignores case and Turkish letters the way people type', async () => {
      const plain = await search('sahmaran');
      const upper = await search('IŞIK');
      const lower = await search('ışık');

      expect(plain.status).toBe(200);
      expect(names(plain.body.titles)).toEqual(['Şahmaran']);
      expect(names(upper.body.titles).sort()).toEqual(['Işık Yolu', 'Karanlıkta ışık']);
      expect(names(lower.body.titles)).toEqual(names(upper.body.titles));
    });

    it('answers title cards', async () => {
      const response = await search('SAHM');

      expect(response.body.titles).toEqual([
        {
          slug: sahmaran.slug,
          kind: 'dizi',
          name: 'Şahmaran',
          originalName: 'Şahmaran',
          year: 2023,
          imdb: 7.5,
          posterUrl: `/media/posters/${sahmaran.slug}.svg`,
          adult: false,
        },
      ]);
    });

    it('ranks the closest first: the name starting with the query, then a word, then inside a word', async () => {
      const response = await search('kar');

      expect(names(response.body.titles)).toEqual(['Kara Gece', 'Karanlıkta ışık', 'Buzlu Karanfil', 'Şakar Dağı']);
    });

    it('puts the name starting with the query first even when another is more similar', async () => {
      const response = await search('isik');

      expect(names(response.body.titles)).toEqual(['Işık Yolu', 'Karanlıkta ışık']);
    });

    it.each([
      ['100%', ['Yüzde 100% Aşk']],
      ['%%%', []],
      ['___', []],
      ['od_a', ['Kod_Adı Doğan']],
      ["o'neil", ["O'Neil'in Evi"]],
      ["'; DROP TABLE title; --", []],
      ['s\\e', ['Ters\\Eğik Çizgi']],
      ['\\\\\\', []],
      ['ş.*', []],
      ['(a+)+$', []],
    ])('matches %p literally', async (query, expected) => {
      const response = await search(query);

      expect(response.status).toBe(200);
      expect(names(response.body.titles)).toEqual(expected);
    });

    it.each([
      ['one character', 'a', SEARCH_MESSAGES.tooShort],
      ['two characters in spaces', '  ab ', SEARCH_MESSAGES.tooShort],
      ['a regex of two characters', '.*', SEARCH_MESSAGES.tooShort],
      ['marks that fold away', 'a\u0301\u0301', SEARCH_MESSAGES.tooShort],
      ['10 KB', 'a'.repeat(10_240), SEARCH_MESSAGES.tooLong],
    ])('refuses %s with a Turkish message', async (_case, query, message) => {
      const response = await search(query);

      expect(response.status).toBe(400);
      expect(response.body).toEqual({ statusCode: 400, message });
    });

    it('refuses a missing or repeated query', async () => {
      const missing = await request(sut.baseUrl).get('/api/search');
      const repeated = await request(sut.baseUrl).get('/api/search?q=kar&q=gece');

      expect(missing.status).toBe(400);
      expect(repeated.status).toBe(400);
      expect(missing.body.message).toBe(SEARCH_MESSAGES.tooShort);
    });
  });

  describe('POST /search (legacy)', () => {
    it('answers the results as an HTML fragment with links and posters', async () => {
      const response = await request(sut.baseUrl).post('/search').type('form').send({ query: 'sahmaran' });

      expect(response.status).toBe(200);
      expect(response.body.success).toBe(true);
      expect(response.body.theme).toContain(`href="/dizi/${sahmaran.slug}"`);
      expect(response.body.theme).toContain(`src="/media/posters/${sahmaran.slug}.svg"`);
      expect(response.body.theme).toContain('Şahmaran');
    });

    it('escapes every catalog text', async () => {
      const response = await request(sut.baseUrl).post('/search').type('form').send({ query: 'kotu' });

      expect(response.body.theme).not.toContain('<img src=x');
      expect(response.body.theme).toContain('&lt;img src=x onerror=alert(1)&gt; Kötü &quot;Niyet&quot; &amp; Co');
    });

    it('says so when nothing matches', async () => {
      const response = await request(sut.baseUrl).post('/search').send({ query: 'hiçbiri' });

      expect(response.body).toEqual({ success: true, theme: expect.stringContaining(SEARCH_MESSAGES.noResults) });
    });

    it.each([
      ['a short query', { query: 'ab' }, SEARCH_MESSAGES.tooShort],
      ['no query', {}, SEARCH_MESSAGES.tooShort],
      ['a list', { query: ['kar', 'gece'] }, SEARCH_MESSAGES.tooShort],
      ['10 KB', { query: 'ş'.repeat(10_240) }, SEARCH_MESSAGES.tooLong],
    ])('refuses %s in Turkish', async (_case, body, message) => {
      const response = await request(sut.baseUrl).post('/search').send(body);

      expect(response.body).toEqual({ success: false, error: true, message });
    });
  });

  describe('GET /api/discover', () => {
    const discover = (filter: string, page?: number) =>
      request(sut.baseUrl)
        .get('/api/discover')
        .query({ filter, ...(page !== undefined && { page }) });
    const slugsOf = (titles: TitleCard[]) => titles.map((title) => title.slug).sort();
    const expectTitles = (body: { titles: TitleCard[] }, expected: Array<{ slug: string }>) =>
      expect(slugsOf(body.titles)).toEqual(expected.map((title) => title.slug).sort());

    it('lists everything for the empty filter, newest year first', async () => {
      const response = await discover('W10=');

      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({ page: 1, hasMore: false, filter: 'W10=' });
      expect(response.body.message).toBeUndefined();
      expectTitles(response.body, all);
      const years = response.body.titles.map((title: TitleCard) => title.year);
      expect(years).toEqual([...years].sort((a, b) => b - a));
    });

    it.each<[string, DiscoverFilter, () => Array<{ slug: string }>]>([
      ['a year range', { year: { from: 2015, to: 2021 } }, () => [isikYolu, karanlik, percent, underscore, codeName, quote, backslash]],
      ['an open year range', { year: { from: 2023 } }, () => [sahmaran, karanfil]],
      ['an IMDb range', { imdb: { from: 7.5, to: 9 } }, () => [sahmaran, isikYolu, karanfil, anime]],
      ['an IMDb upper bound', { imdb: { to: 4 } }, () => [sakar, hostile]],
      ['a kind', { kind: 'anime' }, () => [anime]],
      ['a genre', { genre: 'komedi' }, () => [isikYolu, karanlik, karanfil, anime]],
      ['everything at once', { year: { from: 2020, to: 2024 }, imdb: { from: 6 }, kind: 'dizi', genre: 'dram' }, () => [sahmaran, karanfil]],
      ['an unknown genre', { genre: 'belgesel' }, () => []],
    ])('filters by %s', async (_case, filter, expected) => {
      const encoded = encodeDiscoverFilter(filter);
      const response = await discover(encoded);

      expect(response.status).toBe(200);
      expect(response.body.filter).toBe(encoded);
      expect(response.body.message).toBeUndefined();
      expectTitles(response.body, expected());
    });

    it.each([
      ['not base64', '%%%', DISCOVER_MESSAGES.filterNotBase64],
      ['not JSON', base64Url('{year:2020'), DISCOVER_MESSAGES.filterNotJson],
      ['wrong types', base64Url('{"year":{"from":"2015"}}'), DISCOVER_MESSAGES.yearInvalid],
      ['to before from', base64Url('{"imdb":{"from":9,"to":2}}'), DISCOVER_MESSAGES.rangeReversed],
      ['huge numbers', base64Url('{"year":{"from":1e300,"to":9e999}}'), DISCOVER_MESSAGES.yearInvalid],
      ['an injection attempt', base64Url(`{"kind":"dizi' OR '1'='1"}`), DISCOVER_MESSAGES.kindInvalid],
      ['an unknown field', base64Url('{"__proto__":{"x":1}}'), DISCOVER_MESSAGES.unknownField],
      ['a 10 KB filter', 'A'.repeat(10_240), DISCOVER_MESSAGES.filterTooLong],
    ])('shows the unfiltered list with a Turkish message for %s', async (_case, filter, reason) => {
      const response = await discover(filter);

      expect(response.status).toBe(200);
      expect(response.body.message).toBe(`${reason} ${DISCOVER_MESSAGES.showingUnfiltered}`);
      expect(response.body.filter).toBe('W10=');
      expectTitles(response.body, all);
    });

    it('lists everything without a filter parameter', async () => {
      const response = await request(sut.baseUrl).get('/api/discover');

      expect(response.body.message).toBeUndefined();
      expectTitles(response.body, all);
    });

    it.each(['0', '-1', 'abc', '1.5', String(DISCOVER_RULES.maxPage + 1), '99999999999'])('refuses page %p in Turkish', async (page) => {
      const response = await request(sut.baseUrl).get('/api/discover').query({ filter: 'W10=', page });

      expect(response.status).toBe(400);
      expect(response.body.message).toBe(DISCOVER_MESSAGES.pageInvalid);
    });

    it('lists the genres in Turkish alphabetical order', async () => {
      const response = await request(sut.baseUrl).get('/api/genres');

      expect(response.body).toEqual([
        { slug: 'aile', name: 'Aile' },
        { slug: 'dram', name: 'Dram' },
        { slug: 'komedi', name: 'Komedi' },
      ]);
    });

    describe('paging', () => {
      beforeAll(async () => {
        const extra = Array.from({ length: 40 }, (_, index) => film(`Sayfa Filmi ${index}`, { year: 2001, imdb: 1.5 }));
        await sut.server.app.get(CatalogImportService).import(
          buildCatalogFile([...all, ...extra], {
            genres: [
              { slug: 'dram', name: 'Dram' },
              { slug: 'komedi', name: 'Komedi' },
              { slug: 'aile', name: 'Aile' },
            ],
          }),
        );
      });

      it('pages through every matching title once, in a stable order', async () => {
        const filter = encodeDiscoverFilter({ imdb: { to: 2 } });
        const first = await discover(filter, 1);
        const second = await discover(filter, 2);
        const third = await discover(filter, 3);

        expect(first.body).toMatchObject({ page: 1, hasMore: true });
        expect(first.body.titles).toHaveLength(DISCOVER_RULES.pageSize);
        expect(second.body).toMatchObject({ page: 2, hasMore: false });
        expect(second.body.titles).toHaveLength(40 - DISCOVER_RULES.pageSize);
        expect(third.body).toMatchObject({ page: 3, hasMore: false, titles: [] });
        const slugs = [...first.body.titles, ...second.body.titles].map((title: TitleCard) => title.slug);
        expect(new Set(slugs).size).toBe(40);
        expect((await discover(filter, 1)).body.titles).toEqual(first.body.titles);
      });
    });
  });
});

describe('search on a large catalog', () => {
  let app: TestApp;
  let dataSource: DataSource;

  beforeAll(async () => {
    app = await startTestApp();
    dataSource = app.server.app.get(DataSource);
    await dataSource.query(`
      INSERT INTO title (slug, kind, name, original_name, year, imdb, description, adult, search_text)
      SELECT 'yapim-' || i, 'dizi', 'Yapım ' || md5(i::text), 'Yapım ' || md5(i::text), 2000 + i % 25, (i % 100) / 10.0, '', false,
             'yapim ' || md5(i::text) || ' ' || md5((i * 7)::text)
      FROM generate_series(1, 5000) AS i
    `);
    await dataSource.query(
      `INSERT INTO title (slug, kind, name, original_name, year, imdb, description, adult, search_text)
       VALUES ('sahmaran', 'dizi', 'Şahmaran', 'Şahmaran', 2023, 7.5, '', false, 'sahmaran sahmaran')`,
    );
    // As autovacuum would after a bulk import: flushes the GIN pending list and gathers statistics.
    await dataSource.query('VACUUM ANALYZE title');
  });

  afterAll(() => app.close());

  it('finds through the trigram index', async () => {
    const sut = app.server.app.get(SearchService);
    const [sql, parameters] = sut.titleSearch('sahm', 8).getQueryAndParameters();

    const plan = (await dataSource.query(`EXPLAIN ${sql}`, parameters)) as Array<{ 'QUERY PLAN': string }>;
    // Written behind the in-memory index's back: PostgreSQL answers, as it does while the index cannot.
    const found = await sut.searchDatabase('sahm', 8);

    expect(plan.map((row) => row['QUERY PLAN']).join('\n')).toContain('title_search_idx');
    expect(names(found)).toEqual(['Şahmaran']);
  });
});
