import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { CatalogImportService } from '../../src/catalog/import/catalog-import.service';
import { PAGE_CHANGES, PAGE_FINGERPRINT, TITLE_PAGE_FORMAT, TitlePages } from '../../src/catalog/title-pages';
import { startServer } from '../../src/bootstrap';
import { loadConfig } from '../../src/platform/config/config';
import { createLogger } from '../../src/platform/logging/logger';
import { PublicReadCache } from '../../src/platform/http/read-cache/public-read-cache';
import { PUBLIC_READS_LISTENER_APPLICATION_NAME } from '../../src/platform/http/read-cache/public-read-invalidation';
import { buildCatalogFile, buildEpisode, buildFilm, buildSeries } from '../factories/catalog';
import { eventually } from '../harness/room-client';
import { startTestApp, type TestApp } from '../support/test-app';
import { uniqueRedisPrefix } from '../support/test-database';

/**
 * Stored title pages held in each server process's memory (TitlePageMemory), the read cache off so
 * every request reaches them: a page is sent from memory, as stored, only while what is held is
 * verified against the catalog as the process knows it; any other time it is read from PostgreSQL.
 *
 * To tell where an answer came from, a test puts a marked body in a page's stored row behind
 * everything (no catalog write, so its version stays): memory sends the page as it held it,
 * PostgreSQL the marked one.
 */
describe('title pages held in memory', () => {
  let sut: TestApp;
  let db: DataSource;
  let pages: TitlePages;
  const series = buildSeries({
    name: 'Bellekteki Dizi',
    seasons: [{ number: 1, episodes: Array.from({ length: 15 }, (_, at) => buildEpisode(at + 1)) }],
  });
  const film = buildFilm({ name: 'Kısa Film' });
  const other = buildSeries({ name: 'Öbür Dizi', seasons: [{ number: 1, episodes: [buildEpisode(1), buildEpisode(2)] }] });
  const path = (title: { kind: string; slug: string }) => `/api/titles/${title.kind}/${title.slug}`;
  const file = (...titles: Array<typeof series>) => buildCatalogFile(titles);

  async function storedRow(slug: string): Promise<{ id: number; body: string | null; version: string }> {
    const [row] = await db.query('SELECT t.id, p.body, p.version FROM title t JOIN title_page p ON p.title_id = t.id WHERE t.slug = $1', [slug]);
    return row;
  }

  let marks = 0;

  /** Puts a marked body (a new one each time) in the title's stored page, its version and format kept: what PostgreSQL would send from now on. */
  async function markStored(slug: string): Promise<string> {
    const { id } = await storedRow(slug);
    marks += 1;
    const marked = JSON.stringify({ slug, mark: marks });
    await db.query('UPDATE title_page SET body = $2, etag = $3 WHERE title_id = $1', [id, marked, `W/"mark-${marks}"`]);
    return marked;
  }

  /** Every title's page stored and held, and the memory verified. */
  async function allHeld(count: number): Promise<void> {
    await eventually(
      async () => {
        pages.checkMemorySoon();
        return { built: await pages.allBuilt(), held: pages.held };
      },
      ({ built, held }) => built && held.verified && held.pages === count,
    );
  }

  beforeAll(async () => {
    sut = await startTestApp({ READ_CACHE_SECONDS: '0' });
    db = sut.server.app.get(DataSource);
    pages = sut.server.app.get(TitlePages);
    await sut.server.app.get(CatalogImportService).import(file(series, film, other));
    await allHeld(3);
  });

  afterAll(() => sut.close());

  it('are sent from memory as they were stored, compressed or not as the client takes them', async () => {
    const stored = (await storedRow(series.slug)).body!;
    const [{ etag }] = await db.query('SELECT etag FROM title_page WHERE title_id = $1', [(await storedRow(series.slug)).id]);
    await markStored(series.slug);

    const plain = await request(sut.baseUrl).get(path(series)).set('Accept-Encoding', 'identity');
    // supertest decompresses what it is sent.
    const gzip = await request(sut.baseUrl).get(path(series)).set('Accept-Encoding', 'gzip');
    const br = await request(sut.baseUrl).get(path(series)).set('Accept-Encoding', 'br');
    const notModified = await request(sut.baseUrl).get(path(series)).set('If-None-Match', etag);

    expect(plain.text).toBe(stored);
    expect(plain.headers).toMatchObject({ etag, 'content-type': 'application/json; charset=utf-8', vary: 'Accept-Encoding' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(gzip.headers).toMatchObject({ etag, 'content-encoding': 'gzip' });
    expect(gzip.text).toBe(stored);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.text).toBe(stored);
    expect(notModified.status).toBe(304);
    expect(pages.held.bytes).toBeLessThan(stored.length);
  });

  it('are read from PostgreSQL while the process cannot hear of catalog changes, and from memory again once it can', async () => {
    const marked = await markStored(film.slug);
    expect((await request(sut.baseUrl).get(path(film))).text).not.toBe(marked);

    await db.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND application_name = $1', [
      PUBLIC_READS_LISTENER_APPLICATION_NAME,
    ]);
    const duringOutage = await eventually(
      () => request(sut.baseUrl).get(path(film)),
      (response) => response.text === marked,
    );
    expect(duringOutage.text).toBe(marked);

    // Listening again: checked, and sent from memory again.
    const after = await eventually(
      () => request(sut.baseUrl).get(path(film)),
      (response) => response.text !== marked,
    );
    expect(JSON.parse(after.text)).toMatchObject({ slug: film.slug, name: 'Kısa Film' });
  });

  it('show an announced change at once, and hold the new page', async () => {
    const before = await request(sut.baseUrl).get(path(other));
    expect(JSON.parse(before.text)).toMatchObject({ name: 'Öbür Dizi' });

    await sut.server.app.get(CatalogImportService).import(file(series, film, { ...other, name: 'Öbür Dizi Yeni' }));

    const after = await request(sut.baseUrl).get(path(other));
    expect(JSON.parse(after.text)).toMatchObject({ name: 'Öbür Dizi Yeni' });
    await allHeld(3);
    const { id, version } = await storedRow(other.slug);
    await markStored(other.slug);
    const fromMemory = await request(sut.baseUrl).get(path(other));
    expect(JSON.parse(fromMemory.text)).toMatchObject({ name: 'Öbür Dizi Yeni' });
    expect(fromMemory.headers.etag).toBe(after.headers.etag);
    expect(await db.query('SELECT version FROM title_page WHERE title_id = $1', [id])).toEqual([{ version }]);
  });

  it('are checked by the stored pages’ fingerprint alone while neither they nor memory changed, and in full once a title changed behind everything', async () => {
    await allHeld(3);
    const fingerprint = jest.spyOn(PAGE_FINGERPRINT, 'run');
    const compare = jest.spyOn(PAGE_CHANGES, 'run');
    /** Starts a check and waits until it has read what it reads. */
    async function check(): Promise<void> {
      fingerprint.mockClear();
      compare.mockClear();
      pages.checkMemorySoon();
      await eventually(async () => fingerprint.mock.calls.length + compare.mock.calls.length, (calls) => calls > 0);
      await Promise.all([...fingerprint.mock.results, ...compare.mock.results].map((result) => result.value));
      // A full comparison after the fingerprint starts in the same turn as the fingerprint's answer.
      await new Promise((resolve) => setImmediate(resolve));
      await Promise.all(compare.mock.results.map((result) => result.value));
    }
    try {
      for (let round = 0; round < 3; round += 1) {
        await check();
        expect({ fingerprint: fingerprint.mock.calls.length, compare: compare.mock.calls.length }).toEqual({ fingerprint: 1, compare: 0 });
        expect(pages.held).toMatchObject({ pages: 3, verified: true });
      }

      // A body written behind everything at the same version is no change to the check, as before.
      await markStored(other.slug);
      await check();
      expect(compare).not.toHaveBeenCalled();

      await db.query('UPDATE title SET year = year + 1 WHERE slug = $1', [other.slug]);
      await check();
      expect({ fingerprint: fingerprint.mock.calls.length, compare: compare.mock.calls.length }).toEqual({ fingerprint: 1, compare: 1 });
      expect(pages.held.pages).toBe(2);
    } finally {
      fingerprint.mockRestore();
      compare.mockRestore();
    }
    await request(sut.baseUrl).get(path(other));
    await allHeld(3);
  });

  it('let go of a page written behind the catalog’s back (no announcement) at the next check', async () => {
    await request(sut.baseUrl).get(path(series));
    await db.query("UPDATE title SET name = 'Sessizce Değişti' WHERE slug = $1", [series.slug]);
    const beforeCheck = await request(sut.baseUrl).get(path(series));
    expect(JSON.parse(beforeCheck.text)).toMatchObject({ name: 'Bellekteki Dizi' });

    pages.checkMemorySoon();

    const afterCheck = await eventually(
      () => request(sut.baseUrl).get(path(series)),
      (response) => JSON.parse(response.text).name === 'Sessizce Değişti',
    );
    expect(JSON.parse(afterCheck.text)).toMatchObject({ slug: series.slug, name: 'Sessizce Değişti' });
    await allHeld(3);
  });

  it('let go of a title that is gone, which then is not there', async () => {
    const { id } = await storedRow(film.slug);
    await db.query('DELETE FROM title WHERE id = $1', [id]);
    pages.checkMemorySoon();

    await eventually(
      async () => pages.held,
      (held) => held.verified && held.pages === 2,
    );
    const gone = await request(sut.baseUrl).get(path(film));
    expect(gone.status).toBe(404);
  });

  it('are held by another process from the stored pages, which it did not make', async () => {
    const [{ count }] = await db.query('SELECT count(*)::int AS count FROM title_page WHERE format = $1', [TITLE_PAGE_FORMAT]);
    const config = loadConfig({ PORT: '0', DATABASE_URL: sut.database.url, LOG_LEVEL: 'silent', REDIS_PREFIX: uniqueRedisPrefix(), READ_CACHE_SECONDS: '0' });
    const second = await startServer(config, createLogger(config));
    const secondUrl = `http://127.0.0.1:${(second.app.getHttpServer().address() as AddressInfo).port}`;
    try {
      const theirs = second.app.get(TitlePages);
      const held = await eventually(
        async () => theirs.held,
        (state) => state.verified && state.pages === count,
      );
      expect(held.pages).toBe(2);
      const stored = (await storedRow(other.slug)).body;
      await markStored(other.slug);
      const answer = await request(secondUrl).get(path(other));
      expect(answer.text).toBe(stored);
    } finally {
      await second.close();
    }
  });
});

describe('the stored title pages’ fingerprint, which the check of the pages in memory reads first', () => {
  let sut: TestApp;
  let db: DataSource;
  const series = buildSeries({ name: 'Parmak İzi', seasons: [{ number: 1, episodes: [buildEpisode(1), buildEpisode(2)] }] });
  const film = buildFilm({ name: 'İz Filmi' });
  const fingerprint = async () => (await PAGE_FINGERPRINT.run(db, [TITLE_PAGE_FORMAT]))[0]!.fingerprint;
  const pageOf = async (slug: string) => (await db.query('SELECT p.title_id AS id, p.version FROM title_page p JOIN title t ON t.id = p.title_id WHERE t.slug = $1', [slug]))[0];

  beforeAll(async () => {
    sut = await startTestApp({ READ_CACHE_SECONDS: '0', TITLE_PAGES_MEMORY_MB: '0' });
    db = sut.server.app.get(DataSource);
    await sut.server.app.get(CatalogImportService).import(buildCatalogFile([series, film]));
    await eventually(() => sut.server.app.get(TitlePages).allBuilt(), (built) => built);
  });

  afterAll(() => sut.close());

  it('is the one the full comparison reads in the same snapshot', async () => {
    const rows = await PAGE_CHANGES.run(db, ['{}', '{}', TITLE_PAGE_FORMAT, true]);
    expect(rows).toEqual([{ titleId: null, version: null, ready: false, fingerprint: await fingerprint() }]);
  });

  it('moves with every change the comparison finds, and only with those', async () => {
    const seen = [await fingerprint()];
    const expectNew = async () => {
      const now = await fingerprint();
      expect(seen).not.toContain(now);
      seen.push(now);
    };
    const { id } = await pageOf(series.slug);

    // A body written at the same version: the comparison does not look at bodies.
    await db.query(`UPDATE title_page SET body = '{"el":1}', etag = 'W/"el"' WHERE title_id = $1`, [id]);
    expect(await fingerprint()).toBe(seen[0]);

    // The page stored in another code's format, at the same version; then in this code's again.
    await db.query("UPDATE title_page SET format = 'eski-surum' WHERE title_id = $1", [id]);
    await expectNew();
    await db.query('UPDATE title_page SET format = $2 WHERE title_id = $1', [id, TITLE_PAGE_FORMAT]);
    expect(await fingerprint()).toBe(seen[0]);

    // A write to what the page shows moves its version on and clears it; made again, it is stored in this code's format.
    const before = await pageOf(series.slug);
    await db.query("UPDATE title SET name = 'Parmak İzi 2' WHERE id = $1", [id]);
    expect(Number((await pageOf(series.slug)).version)).toBe(Number(before.version) + 1);
    await expectNew();
    expect((await request(sut.baseUrl).get(`/api/titles/${series.kind}/${series.slug}`)).status).toBe(200);
    await expectNew();

    // A title added (its page not stored yet), and one gone.
    const added = buildFilm({ name: 'Yeni Gelen' });
    await sut.server.app.get(CatalogImportService).import(buildCatalogFile([series, film, added]));
    await expectNew();
    await db.query('DELETE FROM title WHERE slug = $1', [film.slug]);
    await expectNew();
  });

  it('is read by one process: the table is scanned without parallel workers', async () => {
    // At 20,000 titles PostgreSQL planned two workers for the scan: three processes, and slower.
    const [{ reloptions }] = await db.query("SELECT reloptions FROM pg_class WHERE oid = 'title_page'::regclass");
    expect(reloptions).toEqual(['parallel_workers=0']);
  });
});

describe('title pages in memory, with the read cache on', () => {
  it('are kept in the read cache when asked again soon, not when asked once; one asked once goes to a browser in its held gzipped copy', async () => {
    const once = buildSeries({ name: 'Bir Kez Sorulan', seasons: [{ number: 1, episodes: Array.from({ length: 12 }, (_, at) => buildEpisode(at + 1)) }] });
    const twice = buildSeries({ name: 'İki Kez Sorulan', seasons: [{ number: 1, episodes: Array.from({ length: 12 }, (_, at) => buildEpisode(at + 1)) }] });
    const app = await startTestApp();
    try {
      await app.server.app.get(CatalogImportService).import(buildCatalogFile([once, twice]));
      const pages = app.server.app.get(TitlePages);
      await eventually(
        async () => {
          pages.checkMemorySoon();
          return pages.held;
        },
        (held) => held.verified && held.pages === 2,
      );
      const cache = app.server.app.get(PublicReadCache);
      const kept = (slug: string) => cache.lookup(`/api/titles/dizi/${slug}`).kind === 'hit';

      // As Chromium, Firefox and Safari ask (supertest decompresses what it is sent).
      const browser = (slug: string) => request(app.baseUrl).get(`/api/titles/dizi/${slug}`).set('Accept-Encoding', 'gzip, deflate, br, zstd');
      const first = await browser(once.slug);
      const twiceFirst = await browser(twice.slug);
      const second = await browser(twice.slug);
      const third = await browser(twice.slug);

      expect(JSON.parse(first.text)).toMatchObject({ name: 'Bir Kez Sorulan' });
      expect(JSON.parse(second.text)).toMatchObject({ name: 'İki Kez Sorulan' });
      expect({ once: kept(once.slug), twice: kept(twice.slug) }).toEqual({ once: false, twice: true });
      // Asked once, a page costs no compression: its held copy is sent. Kept, it is made brotli once.
      expect([first, twiceFirst, second, third].map((answer) => answer.headers['content-encoding'])).toEqual(['gzip', 'gzip', 'br', 'br']);
      expect(new Set([twiceFirst, second, third].map((answer) => answer.text)).size).toBe(1);
      expect(new Set([twiceFirst, second, third].map((answer) => answer.headers.etag)).size).toBe(1);
    } finally {
      await app.close();
    }
  });
});

describe('title pages in memory, turned off', () => {
  it('TITLE_PAGES_MEMORY_MB=0 holds none: every page is read from PostgreSQL', async () => {
    const series = buildSeries({ name: 'Belleksiz Dizi' });
    const app = await startTestApp({ READ_CACHE_SECONDS: '0', TITLE_PAGES_MEMORY_MB: '0' });
    try {
      await app.server.app.get(CatalogImportService).import(buildCatalogFile([series]));
      const pages = app.server.app.get(TitlePages);
      await eventually(() => pages.allBuilt(), (built) => built);
      await app.server.app.get(DataSource).query("UPDATE title_page SET body = '{\"okundu\":true}', etag = 'W/\"okundu\"'");

      const answer = await request(app.baseUrl).get(`/api/titles/dizi/${series.slug}`);

      expect(answer.text).toBe('{"okundu":true}');
      expect(pages.held).toEqual({ pages: 0, bytes: 0, verified: false });
    } finally {
      await app.close();
    }
  });
});
