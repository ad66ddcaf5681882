import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { foldForSearch, SEARCH_MESSAGES, SEARCH_RULES, searchQuerySchema, type TitleCard } from '@seyirlik/shared-contracts';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { readDemoCatalog } from '../../src/catalog/demo/demo-catalog';
import { CatalogImportService } from '../../src/catalog/import/catalog-import.service';
import { CurrentTitleIndex } from '../../src/catalog/search/current-title-index';
import { SearchService } from '../../src/catalog/search/search.service';
import type { TitleSearchIndex } from '../../src/catalog/search/title-search-index';
import { PublicReadCache } from '../../src/platform/http/read-cache/public-read-cache';
import { announcePublicReadsChanged, PUBLIC_READS_CHANGED_CHANNEL, PUBLIC_READS_LISTENER_APPLICATION_NAME } from '../../src/platform/http/read-cache/public-read-invalidation';
import { COMPRESSION_THRESHOLD_BYTES } from '../../src/platform/http/response-encoding';
import { buildCatalogFile, buildFilm, buildSeries } from '../factories/catalog';
import { startCluster, type ServerProcess } from '../harness/cluster';
import { eventually } from '../harness/room-client';
import { TEST_REDIS_URL } from '../support/services';
import { startTestApp, type TestApp } from '../support/test-app';
import { createTestDatabase, type TestDatabase, uniqueRedisPrefix } from '../support/test-database';

const CLI = join(__dirname, '..', '..', 'dist', 'catalog', 'import', 'cli.js');

const slugs = (titles: TitleCard[]) => titles.map((title) => title.slug);
const names = (titles: TitleCard[]) => titles.map((title) => title.name);

/** The title index of `app` once it holds the catalog as it is now. */
async function currentIndex(app: TestApp): Promise<TitleSearchIndex> {
  const holder = app.server.app.get(CurrentTitleIndex);
  const index = await eventually(() => holder.current(), (found) => found !== null);
  if (index === null) throw new Error('the title index was not built within 10 s');
  return index;
}

/** Adds a title behind the index's back (no notification), as only a test would. */
async function insertSilently(db: DataSource, slug: string, name: string): Promise<void> {
  await db.query(
    `INSERT INTO title (slug, kind, name, original_name, year, imdb, description, adult, search_text)
     VALUES ($1, 'dizi', $2, $2, 2024, 7.0, '', false, $3)`,
    [slug, name, foldForSearch(`${name} ${name}`)],
  );
}

/** Renames a title behind the index's back (no notification). */
async function renameSilently(db: DataSource, slug: string, name: string): Promise<void> {
  await db.query('UPDATE title SET name = $2, original_name = $2, search_text = $3 WHERE slug = $1', [slug, name, foldForSearch(`${name} ${name}`)]);
}

/** Every spelling a person may type of the 3 to 8 characters from each word start of `name`. */
function typedPrefixes(name: string): string[] {
  const plainTurkish: Record<string, string> = { ç: 'c', Ç: 'C', ğ: 'g', Ğ: 'G', ı: 'i', İ: 'I', ö: 'o', Ö: 'O', ş: 's', Ş: 'S', ü: 'u', Ü: 'U' };
  const starts = [0, ...[...name.matchAll(/ /g)].map((match) => match.index + 1)];
  const prefixes = starts.flatMap((start) =>
    [3, 4, 5, 6, 7, 8].map((length) => [...name.slice(start)].slice(0, length).join('').trimEnd()),
  );
  return prefixes.flatMap((prefix) => [
    prefix,
    prefix.toLocaleLowerCase('tr'),
    prefix.toLocaleUpperCase('tr'),
    prefix.replace(/[çÇğĞıİöÖşŞüÜ]/g, (letter) => plainTurkish[letter]!),
  ]);
}

/** Queries no name is typed like: LIKE's own characters, quotes, marks, emoji, broken UTF-16, the longest allowed. */
const TRICKY_QUERIES = [
  '100%', '%%%', '___', 'od_a', "o'neil", "'; DROP TABLE title; --", 's\\e', '\\\\\\', 'ş.*', '(a+)+$',
  'I\u0307şık', 'ışık', 'IŞIK', 'ISIK', 'İSTANBUL', 'a\u0301\u0301b', '  ejderha   bahçe ', 'çınaraltı sırları',
  '\u{1F3AC}\u{1F3AC}', '\uD83C\uDFAC film', 'kız\uD800ı', '\uDC00abc', '\uFFFD\uFFFD\uFFFD', 'ay ış', 'ı ş', 'a k',
  'x'.repeat(SEARCH_RULES.maxLength), 'ab'.repeat(SEARCH_RULES.maxLength / 2),
];

describe('search from the in-memory title index', () => {
  let sut: TestApp;
  let db: DataSource;
  let search: SearchService;
  // Equal names and equal lengths, so the order comes down to the name's collation and then the id.
  const twins = [buildSeries({ name: 'İkiz Işık', originalName: 'İkiz Işık' }), buildFilm({ name: 'İkiz Işık', originalName: 'İkiz Işık' })];
  const caseOnly = [buildSeries({ name: 'ikiz isik', originalName: 'ikiz isik' }), buildSeries({ name: 'IKIZ ISIK', originalName: 'IKIZ ISIK' })];
  const literal = [
    buildFilm({ name: 'Yüzde 100% Aşk', originalName: 'Yüzde 100% Aşk' }),
    buildFilm({ name: 'Kod_Adı Doğan', originalName: 'Kod_Adı Doğan' }),
    buildSeries({ name: 'Ters\\Eğik Çizgi', originalName: 'Ters\\Eğik Çizgi' }),
    buildSeries({ name: "O'Neil'in Evi", originalName: "O'Neil'in Evi" }),
    buildSeries({ name: 'Klaket \u{1F3AC} Film', originalName: 'Clapper \u{1F3AC} Film' }),
  ];

  beforeAll(async () => {
    sut = await startTestApp();
    db = sut.server.app.get(DataSource);
    search = sut.server.app.get(SearchService);
    const demo = readDemoCatalog(new Date());
    await sut.server.app.get(CatalogImportService).import({ ...demo, titles: [...(demo.titles ?? []), ...twins, ...caseOnly, ...literal] });
  });

  afterAll(() => sut.close());

  it('answers exactly what PostgreSQL answers, in the same order, on the demo catalog and tricky queries', async () => {
    const catalogNames: Array<{ name: string; original_name: string }> = await db.query('SELECT name, original_name FROM title');
    const queries = [...new Set([...catalogNames.flatMap(({ name, original_name }) => [...typedPrefixes(name), ...typedPrefixes(original_name)]), ...TRICKY_QUERIES])];
    const index = await currentIndex(sut);
    let compared = 0;

    for (const query of queries) {
      const folded = foldForSearch(query);
      // Too short to search: refused with the Turkish message whichever way it would be answered.
      if (!searchQuerySchema.safeParse(query).success || folded.length < SEARCH_RULES.minLength) continue;
      for (const limit of [SEARCH_RULES.liveLimit, SEARCH_RULES.legacyLimit]) {
        const fromMemory = await search.search(query, limit);
        // The query as typed, lone surrogates included: PostgreSQL receives those as U+FFFD.
        const fromDatabase = await search.searchDatabase(folded, limit);
        expect({ query, limit, found: slugs(fromMemory) }).toEqual({ query, limit, found: slugs(fromDatabase) });
        expect(fromMemory).toEqual(fromDatabase);
        compared += 1;
      }
    }

    // Every search above was answered by the same index: nothing rebuilt it meanwhile.
    expect(sut.server.app.get(CurrentTitleIndex).current()).toBe(index);
    expect(compared).toBeGreaterThan(2000);
  });

  it('orders equal names by the database and then the id, and counts a title once', async () => {
    const found = await search.search('ikiz', SEARCH_RULES.legacyLimit);
    const expected: Array<{ slug: string }> = await db.query(
      "SELECT slug FROM title WHERE search_text LIKE '%ikiz%' ORDER BY length(search_text), name, id",
    );

    expect(slugs(found)).toEqual(expected.map(({ slug }) => slug));
    expect(new Set(slugs(found)).size).toBe(4);
  });

  it('serves search from memory: a title written behind its back is found only once a change is announced', async () => {
    await currentIndex(sut);
    await insertSilently(db, 'sessiz-ekleme', 'Sessizce Eklenen');

    const before = await search.search('sessizce', SEARCH_RULES.liveLimit);
    await announcePublicReadsChanged(db);
    const after = await eventually(() => search.search('sessizce', SEARCH_RULES.liveLimit), (found) => found.length === 1);

    expect(before).toEqual([]);
    expect(names(after)).toEqual(['Sessizce Eklenen']);
  });

  it('finds a title imported in this process at the next search, and no longer under its old name', async () => {
    const series = buildSeries({ name: 'Eski Adıyla Dizi', originalName: 'Eski Adıyla Dizi' });
    const importer = sut.server.app.get(CatalogImportService);
    await importer.import(buildCatalogFile([series]));
    await currentIndex(sut);
    expect(names(await search.search('eski adiyla', SEARCH_RULES.liveLimit))).toEqual(['Eski Adıyla Dizi']);

    await importer.import(buildCatalogFile([{ ...series, name: 'Yeni Adıyla Dizi', originalName: 'Yeni Adıyla Dizi' }]));

    expect(await search.search('eski adiyla', SEARCH_RULES.liveLimit)).toEqual([]);
    expect(names(await search.search('yeni adiyla', SEARCH_RULES.liveLimit))).toEqual(['Yeni Adıyla Dizi']);
    const index = await currentIndex(sut);
    expect(names(index.search('yeni adiyla', SEARCH_RULES.liveLimit))).toEqual(['Yeni Adıyla Dizi']);
  });

  it('finds nothing for a query holding U+0000, which no title can hold, in the API and the legacy call', async () => {
    const api = await request(sut.baseUrl).get('/api/search').query({ q: 'kar\u0000a' });
    const legacy = await request(sut.baseUrl).post('/search').send({ query: 'kar\u0000a' });

    expect(api.status).toBe(200);
    expect(api.body).toEqual({ titles: [] });
    expect(legacy.body).toEqual({ success: true, theme: expect.stringContaining(SEARCH_MESSAGES.noResults) });
  });

  it('answers the live search from memory before the Nest pipeline, exactly as the full way does', async () => {
    const cache = sut.server.app.get(PublicReadCache);
    // `isi` finds a page of eight: over the compression threshold.
    const queries = ['isi', 'İKİZ', 'ışık', 'kar\u0000a', 'hiçbiryerdeyok', 'ab'];
    const variants: Array<[string, 'get' | 'head', Record<string, string>]> = [
      ['as it is', 'get', { 'Accept-Encoding': 'identity' }],
      ['brotli', 'get', { 'Accept-Encoding': 'br, gzip' }],
      ['gzip', 'get', { 'Accept-Encoding': 'gzip' }],
      ['HEAD', 'head', { 'Accept-Encoding': 'identity' }],
    ];
    // The full way stores its answers: each is asked with the cache cleared, so none is answered from it.
    const answers = async ({ clearingTheCache }: { clearingTheCache: boolean }) => {
      const all: Array<{ query: string; variant: string; status: number; headers: Record<string, string>; body: string }> = [];
      for (const query of queries) {
        for (const [variant, method, headers] of variants) {
          if (clearingTheCache) cache.clear();
          const response = await request(sut.baseUrl)[method]('/api/search').query({ q: query }).set(headers);
          const { date: _date, connection: _connection, 'keep-alive': _keepAlive, ...rest } = response.headers as Record<string, string>;
          all.push({ query, variant, status: response.status, headers: rest, body: response.text ?? '' });
        }
      }
      return all;
    };
    // Clearing the cache is a catalog change to the index too (an import in the process clears it): it is rebuilt before the run.
    cache.clear();
    await currentIndex(sut);
    const fullWay = jest.spyOn(search, 'search');
    try {
      const fromMemory = await answers({ clearingTheCache: false });
      const storedMeanwhile = cache.size;
      const askedFullWay = fullWay.mock.calls.map(([query]) => query);
      // The full way, as when the index cannot answer.
      const memory = jest.spyOn(search, 'searchResultFromMemory').mockReturnValue(null);
      const theFullWay = await answers({ clearingTheCache: true });
      memory.mockRestore();

      expect(fromMemory).toEqual(theFullWay);
      // Only the query too short to search went the full way (for its Turkish 400), and no answer was stored.
      expect(askedFullWay).toEqual(Array(variants.length).fill('ab'));
      expect(storedMeanwhile).toBe(0);
      const plain = fromMemory.filter(({ variant, status }) => variant === 'as it is' && status === 200);
      expect(plain.map(({ query }) => query)).toEqual(['isi', 'İKİZ', 'ışık', 'kar\u0000a', 'hiçbiryerdeyok']);
      expect(plain.some(({ headers }) => Number(headers['content-length']) >= 1024)).toBe(true);
      expect(fromMemory.filter(({ variant, headers }) => variant === 'brotli' && headers['content-encoding'] === 'br').length).toBeGreaterThan(0);
      expect(fromMemory.filter(({ variant, headers }) => variant === 'gzip' && headers['content-encoding'] === 'gzip').length).toBeGreaterThan(0);
      expect(JSON.parse(plain[1]!.body)).toEqual({ titles: await search.search('İKİZ', SEARCH_RULES.liveLimit) });
    } finally {
      fullWay.mockRestore();
    }
  });

  it('sends the answer made for another query that found the same titles, and other titles their own answer', async () => {
    await currentIndex(sut);
    const fromMemory = (query: string) => search.searchResultFromMemory(query, SEARCH_RULES.liveLimit)!;
    // Typed letter by letter, with and without Turkish letters: once the name is unique, every prefix finds the same title.
    const typed = ['Çınaraltı S', 'Çınaraltı Sı', 'cinaralti sir', 'ÇINARALTI SIRL'];
    const answers = typed.map(fromMemory);

    for (const [at, query] of typed.entries()) {
      const fullWay = { titles: await search.search(query, SEARCH_RULES.liveLimit) };
      expect(answers[at]!.body.toString()).toBe(JSON.stringify(fullWay));
    }
    expect(slugs(JSON.parse(answers[0]!.body.toString()).titles)).toEqual(['cinaralti-sirlari']);
    // Kept by the third query finding those titles at the latest: the fourth is sent the same answer, compressed copies and all.
    expect(answers[3]).toBe(answers[2]);
    expect(fromMemory('Karanlık').body.toString()).not.toBe(answers[0]!.body.toString());
  });

  it('answers a conditional live search from memory with 304, and goes the full way when the memory read fails', async () => {
    sut.server.app.get(PublicReadCache).clear();
    await currentIndex(sut);
    // An answer over the compression threshold: a smaller one carries no ETag.
    const first = await request(sut.baseUrl).get('/api/search').query({ q: 'isi' });
    expect(Buffer.byteLength(first.text)).toBeGreaterThanOrEqual(COMPRESSION_THRESHOLD_BYTES);
    const notModified = await request(sut.baseUrl).get('/api/search').query({ q: 'isi' }).set('If-None-Match', first.headers.etag as string);
    const failing = jest.spyOn(search, 'searchResultFromMemory').mockImplementation(() => {
      throw new Error('bozuk');
    });
    const afterFailure = await request(sut.baseUrl).get('/api/search').query({ q: 'isi' });
    const failures = failing.mock.calls.length;
    failing.mockRestore();

    expect([first.status, notModified.status, notModified.text ?? '']).toEqual([200, 304, '']);
    expect(notModified.headers.etag).toBe(first.headers.etag);
    expect(failures).toBe(1);
    expect({ status: afterFailure.status, body: afterFailure.text, etag: afterFailure.headers.etag }).toEqual({ status: 200, body: first.text, etag: first.headers.etag });
  });

  it('hears of changes on the one listening connection the read cache uses too', async () => {
    await currentIndex(sut);

    const [{ count }] = await db.query(
      "SELECT count(*)::int AS count FROM pg_stat_activity WHERE datname = current_database() AND query = $1",
      [`LISTEN ${PUBLIC_READS_CHANGED_CHANNEL}`],
    );

    expect(count).toBe(1);
  });

  it('reads PostgreSQL while it cannot hear of changes, and answers from memory again once it listens', async () => {
    await currentIndex(sut);
    await db.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND application_name = $1', [
      PUBLIC_READS_LISTENER_APPLICATION_NAME,
    ]);
    await renameSilently(db, 'sessiz-ekleme', 'Kesinti Sırasında Ad');

    const duringOutage = await eventually(
      () => search.search('kesinti sirasinda', SEARCH_RULES.liveLimit),
      (found) => found.length === 1,
    );
    await currentIndex(sut);
    await renameSilently(db, 'sessiz-ekleme', 'Dinlerken Verilen Ad');
    const listeningAgain = await search.search('dinlerken', SEARCH_RULES.liveLimit);

    expect(names(duringOutage)).toEqual(['Kesinti Sırasında Ad']);
    expect(listeningAgain).toEqual([]);
    await announcePublicReadsChanged(db);
    expect(names(await eventually(() => search.search('dinlerken', SEARCH_RULES.liveLimit), (found) => found.length === 1))).toEqual([
      'Dinlerken Verilen Ad',
    ]);
  });
});

describe('the in-memory title index of a starting server', () => {
  it('is built as the server starts and again at every change heard of, before anyone searches', async () => {
    const app = await startTestApp();
    try {
      const holder = app.server.app.get(CurrentTitleIndex);
      const db = app.server.app.get(DataSource);
      // Only `ready` is asked until the index is there: it starts no build, as a search would.
      const readyIndex = (unlike: TitleSearchIndex | null) =>
        eventually(() => (holder.ready ? holder.current() : null), (index) => index !== null && index !== unlike);
      const empty = await readyIndex(null);
      await app.server.app.get(CatalogImportService).import(buildCatalogFile([buildSeries({ name: 'Açılışta Dizi' })]));
      const imported = await readyIndex(empty);
      await insertSilently(db, 'habersiz-ekleme', 'Habersiz Eklenen');
      await announcePublicReadsChanged(db);
      const changed = await readyIndex(imported);

      expect(empty!.search('acilista', SEARCH_RULES.liveLimit)).toEqual([]);
      expect(names(imported!.search('acilista', SEARCH_RULES.liveLimit))).toEqual(['Açılışta Dizi']);
      expect(names(changed!.search('habersiz', SEARCH_RULES.liveLimit))).toEqual(['Habersiz Eklenen']);
    } finally {
      await app.close();
    }
  });
});

describe('search from the in-memory title index with READ_CACHE_SECONDS=0', () => {
  it('still answers from memory, and follows announced changes', async () => {
    const app = await startTestApp({ READ_CACHE_SECONDS: '0' });
    try {
      const db = app.server.app.get(DataSource);
      const search = app.server.app.get(SearchService);
      await app.server.app.get(CatalogImportService).import(buildCatalogFile([buildSeries({ name: 'Önbelleksiz Dizi' })]));
      await currentIndex(app);
      await insertSilently(db, 'onbelleksiz-ikinci', 'Önbelleksiz İkinci');

      const before = await search.search('onbelleksiz', SEARCH_RULES.liveLimit);
      await announcePublicReadsChanged(db);
      const after = await eventually(() => search.search('onbelleksiz', SEARCH_RULES.liveLimit), (found) => found.length === 2);

      expect(names(before)).toEqual(['Önbelleksiz Dizi']);
      expect(names(after).sort()).toEqual(['Önbelleksiz Dizi', 'Önbelleksiz İkinci']);
    } finally {
      await app.close();
    }
  });
});

describe('search from the in-memory title index on two server processes', () => {
  let database: TestDatabase;
  let db: DataSource;
  let cluster: ServerProcess[];
  let folder: string;
  const series = buildSeries({ name: 'Süreç Dizisi', originalName: 'Süreç Dizisi' });

  beforeAll(async () => {
    database = await createTestDatabase();
    cluster = await startCluster(2, { DATABASE_URL: database.url, REDIS_URL: TEST_REDIS_URL, REDIS_PREFIX: uniqueRedisPrefix() });
    db = await new DataSource({ type: 'postgres', url: database.url }).initialize();
    folder = mkdtempSync(join(tmpdir(), 'seyirlik-search-index-'));
  });

  afterAll(async () => {
    await db?.destroy();
    const codes = await Promise.all(cluster.map((server) => server.stop()));
    await database.drop();
    rmSync(folder, { recursive: true, force: true });
    expect(codes).toEqual([0, 0]);
  });

  /** Runs the import CLI once, as an operator would, and answers its exit code. */
  function importWithCli(file: unknown): Promise<number | null> {
    const path = join(folder, `katalog-${Date.now()}.json`);
    writeFileSync(path, JSON.stringify(file));
    return new Promise((resolveRun, reject) => {
      const child = spawn(process.execPath, [CLI, path], { env: { ...process.env, DATABASE_URL: database.url, LOG_LEVEL: '' }, stdio: 'ignore' });
      child.once('error', reject);
      child.once('exit', resolveRun);
    });
  }

  let asked = 0;
  /** Each process's answer to `query`, spelled differently every time so the read cache never answers it. */
  const namesEverywhere = (query: string) =>
    Promise.all(
      cluster.map(async (server) => {
        asked += 1;
        const response = await request(server.url).get('/api/search').query({ q: query, x: asked });
        return names(response.body.titles).join(', ');
      }),
    );

  it('finds an import run by the CLI on every process at the next search, from memory', async () => {
    expect(await importWithCli(buildCatalogFile([series]))).toBe(0);
    expect(await namesEverywhere('surec')).toEqual(['Süreç Dizisi', 'Süreç Dizisi']);
    // Once both have built their index, a title written silently just now is unseen: the answers come from memory.
    let written = 0;
    const unseenEverywhere = await eventually(
      async () => {
        written += 1;
        await insertSilently(db, `sessiz-${written}`, `Süreç Sessiz ${written}`);
        return (await namesEverywhere('surec')).every((answer) => !answer.includes(`Süreç Sessiz ${written}`));
      },
      (unseen) => unseen,
    );
    expect(unseenEverywhere).toBe(true);

    expect(await importWithCli(buildCatalogFile([{ ...series, name: 'Süreç Yeni', originalName: 'Süreç Yeni' }]))).toBe(0);

    const afterImport = await eventually(
      () => namesEverywhere('surec yeni'),
      (answers) => answers.every((answer) => answer === 'Süreç Yeni'),
    );
    expect(afterImport).toEqual(['Süreç Yeni', 'Süreç Yeni']);
    expect(await namesEverywhere('surec dizisi')).toEqual(['', '']);
    expect((await namesEverywhere(`surec sessiz ${written}`)).every((answer) => answer === `Süreç Sessiz ${written}`)).toBe(true);
  });
});
