import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request, { type Response } from 'supertest';
import { DataSource } from 'typeorm';
import { CatalogImportService } from '../../src/catalog/import/catalog-import.service';
import { TitlePages } from '../../src/catalog/title-pages';
import { PublicReadCache } from '../../src/platform/http/read-cache/public-read-cache';
import { COMPRESSION_THRESHOLD_BYTES } from '../../src/platform/http/response-encoding';
import {
  announcePublicReadsChanged,
  PUBLIC_READS_LISTENER_APPLICATION_NAME,
  PublicReadsListener,
} from '../../src/platform/http/read-cache/public-read-invalidation';
import { buildCatalogFile, buildEpisode, buildFilm, buildSeries } from '../factories/catalog';
import { registerMember } from '../factories/members';
import { startCluster, type ServerProcess } from '../harness/cluster';
import { eventually } from '../harness/room-client';
import { TEST_REDIS_URL } from '../support/services';
import { startTestApp, type TestApp } from '../support/test-app';
import { createTestDatabase, type TestDatabase, uniqueRedisPrefix } from '../support/test-database';

const CLI = join(__dirname, '..', '..', 'dist', 'catalog', 'import', 'cli.js');

/** The answer's headers, without those Node adds for the connection and the clock. */
function headersOf(response: Response): Record<string, string> {
  const { date: _date, connection: _connection, 'keep-alive': _keepAlive, ...rest } = response.headers as Record<string, string>;
  return rest;
}

/** Renames a title behind the cache's back (no notification), as only a test would. */
async function renameSilently(db: DataSource, slug: string, name: string): Promise<void> {
  await db.query('UPDATE title SET name = $2 WHERE slug = $1', [slug, name]);
}

/** Renames every title, genre and channel behind the cache's back, so any catalog read would change. */
async function renameEverythingSilently(db: DataSource): Promise<void> {
  await db.query("UPDATE title SET name = name || ' (değişti)'");
  await db.query("UPDATE genre SET name = name || ' (değişti)'");
  await db.query("UPDATE channel SET name = name || ' (değişti)'");
}

/**
 * The newest titles, a read the cache keeps: the tests rename titles behind its back and read
 * their names here. (A title's page is kept too, but whether its first answer is made by the full
 * way or sent from its stored page depends on when the server made that: see title-pages.spec.ts.)
 */
const TITLE_LIST = '/api/titles?limit=48';

/** The name of title `slug` in an answer of TITLE_LIST. */
function nameIn(response: Response, slug: string): string | undefined {
  return (response.body.titles as Array<{ slug: string; name: string }>).find((title) => title.slug === slug)?.name;
}

/** Listening connections of the read cache on `database`. */
async function listeners(db: DataSource): Promise<number> {
  const [{ count }] = await db.query(
    "SELECT count(*)::int AS count FROM pg_stat_activity WHERE datname = current_database() AND application_name = $1 AND query LIKE 'LISTEN%'",
    [PUBLIC_READS_LISTENER_APPLICATION_NAME],
  );
  return count;
}

describe('public read cache', () => {
  let sut: TestApp;
  let db: DataSource;
  let cache: PublicReadCache;
  const series = buildSeries({ name: 'Önbellek Dizisi', channel: 'atlas-tv' });
  const film = buildFilm({ name: 'Önbellek Filmi', channel: 'atlas-tv' });

  beforeAll(async () => {
    sut = await startTestApp({ TRUST_PROXY: 'true' });
    db = sut.server.app.get(DataSource);
    cache = sut.server.app.get(PublicReadCache);
    await sut.server.app.get(CatalogImportService).import(buildCatalogFile([series, film]));
  });

  afterAll(() => sut.close());
  beforeEach(() => cache.clear());

  /** The entry the cache would answer `path` with, or undefined when the request would be computed. */
  const entryFor = (path: string) => {
    const found = cache.lookup(path);
    return found.kind === 'hit' ? found.entry : undefined;
  };

  describe('a cached read', () => {
    const catalogReads = () => [
      '/api/titles?limit=2',
      // Sent from its stored page at the front, and kept as the full way's answer would be.
      `/api/titles/dizi/${series.slug}`,
      '/api/titles',
      '/api/titles?limit=5',
      '/api/home',
      '/api/episodes/latest?page=1',
      '/api/channels',
      '/api/genres',
      '/api/search?q=onbellek',
      '/api/discover',
      '/api/discover?filter=&page=1',
    ];

    it('answers every catalog read from memory, byte for byte and with the same headers as the first answer', async () => {
      const first: Response[] = [];
      for (const path of catalogReads()) first.push(await request(sut.baseUrl).get(path));

      // Had any read gone to the database again, it would show the new names.
      await renameEverythingSilently(db);
      const again: Response[] = [];
      for (const path of catalogReads()) again.push(await request(sut.baseUrl).get(path));
      await sut.server.app.get(CatalogImportService).import(buildCatalogFile([series, film]));

      catalogReads().forEach((path, index) => {
        const [miss, hit] = [first[index]!, again[index]!];
        expect({ path, status: miss.status }).toEqual({ path, status: 200 });
        expect({ path, body: hit.text }).toEqual({ path, body: miss.text });
        expect({ path, headers: headersOf(hit) }).toEqual({ path, headers: headersOf(miss) });
      });
      expect(headersOf(first[0]!)).toEqual({
        'content-type': 'application/json; charset=utf-8',
        'content-length': String(Buffer.byteLength(first[0]!.text)),
      });
      // An answer carries an ETag from the compression threshold on, cached or not (answerEtag).
      const home = first[catalogReads().indexOf('/api/home')]!;
      expect(Buffer.byteLength(home.text)).toBeGreaterThanOrEqual(COMPRESSION_THRESHOLD_BYTES);
      expect(home.headers.etag).toMatch(/^W\/"[0-9a-f]+-[A-Za-z0-9+/]+"$/);
      catalogReads().forEach((path, index) => {
        const small = Buffer.byteLength(first[index]!.text) < COMPRESSION_THRESHOLD_BYTES;
        expect({ path, etag: first[index]!.headers.etag === undefined }).toEqual({ path, etag: small });
      });
      expect(first[0]!.text).toContain('Önbellek Dizisi');
      expect(again[0]!.text).not.toContain('(değişti)');
    });

    it('keeps a title page sent from its stored page, as the full way’s answer, and serves it again', async () => {
      const path = `/api/titles/film/${film.slug}`;
      const pages = sut.server.app.get(TitlePages);
      expect(await eventually(() => pages.allBuilt(), (built) => built)).toBe(true);
      const fullWay = jest.spyOn(pages, 'page');
      try {
        const sent = await request(sut.baseUrl).get(path);
        const kept = entryFor(path);
        await renameSilently(db, film.slug, 'Görünmeyen Film');
        const again = await request(sut.baseUrl).get(path);

        expect(fullWay).not.toHaveBeenCalled();
        expect(kept).toMatchObject({ etag: sent.headers.etag ?? null, visitorsOnly: false });
        expect(kept!.body.toString()).toBe(sent.text);
        expect(again.text).toBe(sent.text);
      } finally {
        fullWay.mockRestore();
        await sut.server.app.get(CatalogImportService).import(buildCatalogFile([series, film]));
      }
    });

    it('answers a visitor’s session from memory with the same body and headers', async () => {
      const miss = await request(sut.baseUrl).get('/api/auth/session');
      const stored = entryFor('/api/auth/session');
      const hit = await request(sut.baseUrl).get('/api/auth/session');

      expect(miss.body).toEqual({ user: null, recaptchaSiteKey: null });
      expect(miss.headers['set-cookie']).toBeUndefined();
      // Under the compression threshold: no ETag, cached or not.
      expect(miss.headers.etag).toBeUndefined();
      expect(stored).toMatchObject({ visitorsOnly: true, etag: null });
      expect(hit.text).toBe(miss.text);
      expect(headersOf(hit)).toEqual(headersOf(miss));
    });

    it('caches neither errors nor other methods than GET', async () => {
      const missing = await request(sut.baseUrl).get('/api/titles/dizi/boyle-bir-dizi-yok');
      const tooShort = await request(sut.baseUrl).get('/api/search?q=a');
      const head = await request(sut.baseUrl).head('/api/genres');

      expect([missing.status, tooShort.status, head.status]).toEqual([404, 400, 200]);
      expect(cache.size).toBe(0);
    });

    it('answers If-None-Match and HEAD as the normal path does', async () => {
      // An answer over the compression threshold: smaller ones carry no ETag.
      const path = '/api/home';
      const { etag } = (await request(sut.baseUrl).get(path)).headers as { etag: string };
      const conditionals: Array<[string, Record<string, string>]> = [
        ['the same weak ETag', { 'If-None-Match': etag }],
        ['the same ETag sent strong', { 'If-None-Match': etag.replace(/^W\//, '') }],
        ['a list holding it', { 'If-None-Match': `"other", ${etag}` }],
        ['*', { 'If-None-Match': '*' }],
        ['another ETag', { 'If-None-Match': '"other"' }],
        ['the same ETag with Cache-Control: no-cache', { 'If-None-Match': etag, 'Cache-Control': 'no-cache' }],
      ];
      const answer = async (method: 'get' | 'head', headers: Record<string, string>) => {
        const response = await request(sut.baseUrl)[method](path).set(headers);
        return { status: response.status, headers: headersOf(response), body: response.text ?? '' };
      };

      for (const [condition, headers] of [...conditionals, ['no condition', {}] as [string, Record<string, string>]]) {
        for (const method of ['get', 'head'] as const) {
          cache.clear();
          const normal = await answer(method, headers);
          await request(sut.baseUrl).get(path);
          const cached = await answer(method, headers);
          expect({ condition, method, ...cached }).toEqual({ condition, method, ...normal });
        }
      }
      const [notModified, modified, head] = [await answer('get', { 'If-None-Match': etag }), await answer('get', { 'If-None-Match': '"other"' }), await answer('head', {})];
      expect(notModified).toEqual({ status: 304, headers: { etag }, body: '' });
      expect(modified.status).toBe(200);
      expect(head).toMatchObject({ status: 200, body: '' });
      // superagent asks HEAD without Accept-Encoding (a GET with gzip, deflate): the plain body's length.
      expect(head.headers['content-encoding']).toBeUndefined();
      expect(head.headers['content-length']).toBe(String(Buffer.byteLength(modified.body)));
    });
  });

  describe('after a catalog import', () => {
    it('shows the change at the next read in the importing process', async () => {
      await request(sut.baseUrl).get(TITLE_LIST);
      await renameSilently(db, series.slug, 'Görünmeyen Ad');
      expect(nameIn(await request(sut.baseUrl).get(TITLE_LIST), series.slug)).toBe('Önbellek Dizisi');

      await sut.server.app.get(CatalogImportService).import(buildCatalogFile([{ ...series, name: 'Yeni Ad' }, film]));

      expect(nameIn(await request(sut.baseUrl).get(TITLE_LIST), series.slug)).toBe('Yeni Ad');
      expect((await request(sut.baseUrl).get('/api/home')).text).toContain('Yeni Ad');
    });

    it('keeps the cache when an import changes nothing', async () => {
      const file = buildCatalogFile([{ ...series, name: 'Aynı Ad' }, film]);
      // The first import changes the series: its announcement clears the cache when it is heard,
      // which can be after the read below on a busy machine. The read waits for it.
      const heard = new Promise<void>((resolve) => {
        void sut.server.app.get(PublicReadsListener).subscribe({ changed: resolve, listening: () => undefined, lost: () => undefined });
      });
      await sut.server.app.get(CatalogImportService).import(file);
      await heard;
      await request(sut.baseUrl).get('/api/genres');

      await sut.server.app.get(CatalogImportService).import(file);

      expect(entryFor('/api/genres')).toBeDefined();
    });
  });

  describe('the session cookie', () => {
    it('never serves a member the visitor’s cached session, nor stores the member’s', async () => {
      const { member, agent } = await registerMember(sut.baseUrl);
      const visitor = await request(sut.baseUrl).get('/api/auth/session');
      expect(entryFor('/api/auth/session')).toBeDefined();

      const mine = await agent.get('/api/auth/session');
      cache.clear();
      const mineFirst = await agent.get('/api/auth/session');
      const storedAfterMember = entryFor('/api/auth/session');
      const visitorAfter = await request(sut.baseUrl).get('/api/auth/session');

      expect(visitor.body.user).toBeNull();
      expect(mine.body.user).toMatchObject({ username: member.username });
      expect(mineFirst.body.user).toMatchObject({ username: member.username });
      expect(storedAfterMember).toBeUndefined();
      expect(visitorAfter.body.user).toBeNull();
    });

    it('does not cache what depends on the member: the title’s member state', async () => {
      const path = `/api/titles/film/${film.slug}/me`;
      const { agent } = await registerMember(sut.baseUrl);
      const before = await agent.get(path);
      await agent.post(`/api/titles/film/${film.slug}/follow`);
      const following = await agent.get(path);
      const visitor = await request(sut.baseUrl).get(path);
      await agent.post(`/api/titles/film/${film.slug}/follow`);
      const after = await agent.get(path);

      expect([before.body.following, following.body.following, visitor.body.following, after.body.following]).toEqual([false, true, false, false]);
      expect(entryFor(path)).toBeUndefined();
    });

    it('serves a member the catalog reads that do not depend on the viewer', async () => {
      const path = TITLE_LIST;
      const { agent } = await registerMember(sut.baseUrl);
      const visitor = await request(sut.baseUrl).get(path);
      await renameSilently(db, film.slug, 'Görünmeyen Film');

      const member = await agent.get(path);

      expect(member.text).toBe(visitor.text);
    });
  });

  describe('when the invalidation connection is lost', () => {
    it('clears the cache, stores nothing until it listens again, then follows notifications again', async () => {
      const path = TITLE_LIST;
      await renameSilently(db, film.slug, 'Kesinti Öncesi');
      await request(sut.baseUrl).get(path);
      await renameSilently(db, film.slug, 'Kesinti Sırasında');

      await db.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND application_name = $1', [
        PUBLIC_READS_LISTENER_APPLICATION_NAME,
      ]);
      const duringOutage = await eventually(
        () => request(sut.baseUrl).get(path),
        (response) => nameIn(response, film.slug) === 'Kesinti Sırasında',
      );
      expect(nameIn(duringOutage, film.slug)).toBe('Kesinti Sırasında');

      const storedAgain = await eventually(
        async () => (await request(sut.baseUrl).get(path)) && entryFor(path) !== undefined,
        (stored) => stored,
      );
      expect(storedAgain).toBe(true);
      expect(await listeners(db)).toBe(1);
      await renameSilently(db, film.slug, 'Bildirim Sonrası');
      expect(nameIn(await request(sut.baseUrl).get(path), film.slug)).toBe('Kesinti Sırasında');

      await announcePublicReadsChanged(db);

      const afterNotification = await eventually(
        () => request(sut.baseUrl).get(path),
        (response) => nameIn(response, film.slug) === 'Bildirim Sonrası',
        5000,
      );
      expect(nameIn(afterNotification, film.slug)).toBe('Bildirim Sonrası');
    });
  });
});

describe('public read cache settings', () => {
  const series = buildSeries({ name: 'Süreli Dizi' });

  async function appWith(env: Record<string, string>) {
    const app = await startTestApp(env);
    await app.server.app.get(CatalogImportService).import(buildCatalogFile([series]));
    return { app, db: app.server.app.get(DataSource) };
  }

  it('READ_CACHE_SECONDS=0 turns it off: every read goes to the database, and only search’s title index listens', async () => {
    const { app, db } = await appWith({ READ_CACHE_SECONDS: '0' });
    try {
      await request(app.baseUrl).get(TITLE_LIST);
      await renameSilently(db, series.slug, 'Hemen Görünen');

      expect(nameIn(await request(app.baseUrl).get(TITLE_LIST), series.slug)).toBe('Hemen Görünen');
      // The index is kept from the start, whatever the cache (see search-index.spec.ts); the cache adds no connection of its own.
      expect(await listeners(db)).toBe(1);
    } finally {
      await app.close();
    }
  });

  it('expires an answer after READ_CACHE_SECONDS', async () => {
    const { app, db } = await appWith({ READ_CACHE_SECONDS: '1' });
    try {
      const path = TITLE_LIST;
      await request(app.baseUrl).get(path);
      const storedAt = Date.now();
      await renameSilently(db, series.slug, 'Süre Sonunda');
      const withinTtl = await request(app.baseUrl).get(path);
      await new Promise((resolveWait) => setTimeout(resolveWait, Math.max(0, storedAt + 1100 - Date.now())));
      const afterTtl = await request(app.baseUrl).get(path);

      expect(nameIn(withinTtl, series.slug)).toBe('Süreli Dizi');
      expect(nameIn(afterTtl, series.slug)).toBe('Süre Sonunda');
    } finally {
      await app.close();
    }
  });
});

describe('public read cache on two server processes', () => {
  let database: TestDatabase;
  let db: DataSource;
  let cluster: ServerProcess[];
  let folder: string;
  const series = buildSeries({ name: 'İlk Ad', seasons: [{ number: 1, episodes: [buildEpisode(1)] }] });

  beforeAll(async () => {
    database = await createTestDatabase();
    cluster = await startCluster(2, { DATABASE_URL: database.url, REDIS_URL: TEST_REDIS_URL, REDIS_PREFIX: uniqueRedisPrefix() });
    db = await new DataSource({ type: 'postgres', url: database.url }).initialize();
    folder = mkdtempSync(join(tmpdir(), 'seyirlik-read-cache-'));
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

  const names = () => Promise.all(cluster.map(async (server) => nameIn(await request(server.url).get(TITLE_LIST), series.slug)));

  it('shows an import run once by the CLI on every process at the next read', async () => {
    expect(await importWithCli(buildCatalogFile([series]))).toBe(0);
    expect(await names()).toEqual(['İlk Ad', 'İlk Ad']);
    await renameSilently(db, series.slug, 'Görünmeyen Ad');
    expect(await names()).toEqual(['İlk Ad', 'İlk Ad']);

    expect(await importWithCli(buildCatalogFile([{ ...series, name: 'İkinci Ad' }]))).toBe(0);

    expect(await names()).toEqual(['İkinci Ad', 'İkinci Ad']);
  });

  it('writes no request log line for a cached answer', async () => {
    const path = `${TITLE_LIST}&log=1`;
    const logged = (server: ServerProcess, url: string) => server.output.filter((line) => line.includes(`"url":"${url}"`)).length;
    const [server] = cluster as [ServerProcess];

    await request(server.url).get(path);
    await request(server.url).get(path);
    await request(server.url).get(path);
    // The log is written in order: once this later request's line is there, so are the earlier ones.
    await request(server.url).get('/healthz');
    await eventually(() => logged(server, '/healthz'), (count) => count >= 1, 5000);

    expect(logged(server, path)).toBe(1);
  });
});
