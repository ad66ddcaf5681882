import { CATALOG_MESSAGES } from '@seyirlik/shared-contracts';
import pg from 'pg';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { startServer } from '../../src/bootstrap';
import { CatalogImportService } from '../../src/catalog/import/catalog-import.service';
import { STORE_PAGES, TITLE_PAGE_FORMAT, TitlePages } from '../../src/catalog/title-pages';
import { loadConfig } from '../../src/platform/config/config';
import { COMPRESSION_THRESHOLD_BYTES } from '../../src/platform/http/response-encoding';
import { createLogger } from '../../src/platform/logging/logger';
import { buildCatalogFile, buildEpisode, buildFilm, buildSeries } from '../factories/catalog';
import { eventually } from '../harness/room-client';
import { startTestApp, type TestApp } from '../support/test-app';
import { uniqueRedisPrefix } from '../support/test-database';

/**
 * Title pages stored as JSON (catalog/title-pages.ts), the read cache off and none held in memory
 * so every request reads them: what is answered from a stored page is byte for byte what the catalog makes, and every
 * write to what a page shows clears the page it touches, whoever writes.
 */
describe('stored title pages', () => {
  let sut: TestApp;
  let db: DataSource;
  const series = buildSeries({
    name: 'Saklı Sayfa',
    genres: ['dram', 'komedi'],
    channel: 'atlas-tv',
    trailers: [{ url: 'https://example.com/sakli-1' }],
    seasons: [
      { number: 1, name: 'İlk', episodes: [buildEpisode(1), buildEpisode(2)] },
      { number: 2, episodes: [buildEpisode(1)] },
    ],
  });
  // Long enough a page to be sent compressed.
  const other = buildSeries({
    name: 'Öteki Dizi',
    genres: ['dram'],
    channel: 'kanal-7',
    seasons: [{ number: 1, episodes: Array.from({ length: 12 }, (_, at) => buildEpisode(at + 1)) }],
  });
  const film = buildFilm({ genres: ['komedi'] });
  const path = (title: { kind: string; slug: string }) => `/api/titles/${title.kind}/${title.slug}`;

  async function titleId(slug: string): Promise<number> {
    const [{ id }] = await db.query('SELECT id FROM title WHERE slug = $1', [slug]);
    return id;
  }

  async function storedBody(slug: string): Promise<string | null> {
    const [row] = await db.query('SELECT p.body FROM title_page p JOIN title t ON t.id = p.title_id WHERE t.slug = $1 AND p.format = $2', [slug, TITLE_PAGE_FORMAT]);
    return row?.body ?? null;
  }

  /** The page as answered now, then as made from the catalog with its stored copy set aside: the same bytes. */
  async function expectCatalogsPage(title: { kind: string; slug: string }): Promise<string> {
    const answered = await request(sut.baseUrl).get(path(title));
    expect(answered.status).toBe(200);
    expect(await storedBody(title.slug)).toBe(answered.text);
    await db.query('UPDATE title_page SET body = NULL, format = NULL, etag = NULL WHERE title_id = $1', [await titleId(title.slug)]);
    const made = await request(sut.baseUrl).get(path(title));
    expect(made.text).toBe(answered.text);
    expect(made.headers.etag).toBe(answered.headers.etag);
    expect(await storedBody(title.slug)).toBe(made.text);
    return answered.text;
  }

  const allBuilt = () => eventually(() => sut.server.app.get(TitlePages).allBuilt(), (built) => built);

  beforeAll(async () => {
    sut = await startTestApp({ READ_CACHE_SECONDS: '0', TITLE_PAGES_MEMORY_MB: '0' });
    db = sut.server.app.get(DataSource);
    await sut.server.app.get(CatalogImportService).import(
      buildCatalogFile([series, other, film], {
        genres: [
          { slug: 'dram', name: 'Dram' },
          { slug: 'komedi', name: 'Komedi' },
        ],
        channels: [
          { slug: 'atlas-tv', name: 'Atlas TV' },
          { slug: 'kanal-7', name: 'Kanal 7' },
        ],
      }),
    );
  });

  afterAll(() => sut.close());

  it('are made for every title after an import, with nobody asking, and answered as the catalog makes them', async () => {
    expect(await allBuilt()).toBe(true);
    const stored = await storedBody(series.slug);
    expect(JSON.parse(stored!)).toMatchObject({ slug: series.slug, name: 'Saklı Sayfa', channel: { slug: 'atlas-tv', name: 'Atlas TV' } });

    for (const title of [series, other, film]) await expectCatalogsPage(title);
  });

  it('store the ETag the full way sends: none for a page under 1 KB, and never one without a body', async () => {
    expect(await allBuilt()).toBe(true);
    const etags = async (slug: string) => {
      const [row] = await db.query('SELECT octet_length(p.body) AS bytes, p.etag FROM title_page p JOIN title t ON t.id = p.title_id WHERE t.slug = $1', [slug]);
      return row as { bytes: number; etag: string | null };
    };
    const [small, large] = [await etags(film.slug), await etags(other.slug)];

    expect(small.bytes).toBeLessThan(COMPRESSION_THRESHOLD_BYTES);
    expect(small.etag).toBeNull();
    expect((await request(sut.baseUrl).get(path(film))).headers.etag).toBeUndefined();
    expect(large.bytes).toBeGreaterThanOrEqual(COMPRESSION_THRESHOLD_BYTES);
    expect(large.etag).toBe((await request(sut.baseUrl).get(path(other))).headers.etag);
    await expect(db.query("UPDATE title_page SET body = NULL, format = NULL, etag = 'W/\"1-x\"' WHERE title_id = $1", [await titleId(film.slug)])).rejects.toThrow(/title_page_check/);
  });

  it('are sent with the headers, compression, HEAD and 304 of the full way', async () => {
    const id = await titleId(other.slug);
    const asked = async () => {
      const answers = [];
      for (const encoding of ['br', 'gzip', 'identity']) {
        const response = await request(sut.baseUrl).get(path(other)).set('Accept-Encoding', encoding);
        answers.push({ status: response.status, headers: pick(response.headers), text: response.text });
      }
      const head = await request(sut.baseUrl).head(path(other));
      answers.push({ status: head.status, headers: pick(head.headers), text: head.text });
      const again = await request(sut.baseUrl).get(path(other)).set('If-None-Match', answers[0]!.headers.etag!);
      answers.push({ status: again.status, headers: pick(again.headers), text: again.text });
      return answers;
    };
    const pick = (headers: Record<string, string>) => ({
      etag: headers.etag,
      'content-type': headers['content-type'],
      'content-encoding': headers['content-encoding'],
      vary: headers.vary,
    });
    await expectCatalogsPage(other);
    const fullWay = jest.spyOn(sut.server.app.get(TitlePages), 'page');

    const front = await asked();
    const askedFullWay = fullWay.mock.calls.length;
    // Made from the catalog for each request: the stored page set aside, and kept aside while asked.
    await db.query("ALTER TABLE title_page ADD CONSTRAINT title_page_held CHECK (body IS NULL) NOT VALID");
    try {
      await db.query('UPDATE title_page SET body = NULL, format = NULL, etag = NULL WHERE title_id = $1', [id]);
      const full = await asked();
      expect(full).toEqual(front);
      // The stored page was sent at the front, before the handler; without it, every request reached the handler.
      expect({ askedFullWay, then: fullWay.mock.calls.length }).toEqual({ askedFullWay: 0, then: 5 });
    } finally {
      fullWay.mockRestore();
      await db.query('ALTER TABLE title_page DROP CONSTRAINT title_page_held');
    }
    expect(front.map(({ status }) => status)).toEqual([200, 200, 200, 200, 304]);
    expect(front.map(({ headers }) => headers['content-encoding'])).toEqual(['br', 'gzip', undefined, undefined, undefined]);
    expect(front[0]!.headers).toMatchObject({ 'content-type': 'application/json; charset=utf-8', vary: 'Accept-Encoding' });
  });

  it('go the full way, with the same answer, when the stored page cannot be read', async () => {
    const stored = await request(sut.baseUrl).get(path(film));
    const failing = jest.spyOn(sut.server.app.get(TitlePages), 'storedPage').mockRejectedValue(new Error('bağlantı koptu'));
    try {
      const fullWay = await request(sut.baseUrl).get(path(film));

      expect(failing).toHaveBeenCalled();
      expect(fullWay.status).toBe(200);
      expect(fullWay.text).toBe(stored.text);
      expect(fullWay.headers.etag).toBe(stored.headers.etag);
    } finally {
      failing.mockRestore();
    }
  });

  it('still say a missing or malformed address is not there, in Turkish', async () => {
    for (const missing of ['/api/titles/dizi/yok-boyle-dizi', '/api/titles/kitap/saklı', `/api/titles/film/${series.slug}`]) {
      const response = await request(sut.baseUrl).get(missing);
      expect(response.status).toBe(404);
      expect(response.body.message).toBe(CATALOG_MESSAGES.titleNotFound);
    }
  });

  describe('each write to what a page shows clears it, whoever writes', () => {
    /** Runs `write`, then checks the pages of `touched` were cleared and the others kept, and that each is answered as the catalog has it. */
    async function afterWrite(write: string, values: unknown[], touched: Array<{ kind: string; slug: string }>): Promise<Map<string, unknown>> {
      for (const title of [series, other, film]) await expectCatalogsPage(title);
      await db.query(write, values);
      const pages = new Map<string, unknown>();
      for (const title of [series, other, film]) {
        const cleared = touched.some((one) => one.slug === title.slug);
        expect({ slug: title.slug, stored: (await storedBody(title.slug)) !== null }).toEqual({ slug: title.slug, stored: !cleared });
        pages.set(title.slug, JSON.parse(await expectCatalogsPage(title)));
      }
      return pages;
    }

    it("the title's own columns, but not those its page does not show", async () => {
      const pages = await afterWrite("UPDATE title SET name = 'Saklı Sayfa 2', poster_url = 'https://example.com/a.jpg' WHERE slug = $1", [series.slug], [series]);
      expect(pages.get(series.slug)).toMatchObject({ name: 'Saklı Sayfa 2', posterUrl: 'https://example.com/a.jpg' });

      await afterWrite("UPDATE title SET search_text = search_text || ' ek' WHERE slug = $1", [series.slug], []);
    });

    it("a genre's or a channel's name, on the pages of its titles", async () => {
      const genre = await afterWrite("UPDATE genre SET name = 'Komedi & Mizah' WHERE slug = 'komedi'", [], [series, film]);
      expect(genre.get(film.slug)).toMatchObject({ genres: [{ slug: 'komedi', name: 'Komedi & Mizah' }] });

      const channel = await afterWrite("UPDATE channel SET name = 'Kanal Yedi' WHERE slug = 'kanal-7'", [], [other]);
      expect(channel.get(other.slug)).toMatchObject({ channel: { slug: 'kanal-7', name: 'Kanal Yedi' } });
    });

    it("a title's genres, trailers, seasons and episodes added, changed and removed", async () => {
      const id = await titleId(series.slug);
      await afterWrite("INSERT INTO trailer (title_id, number, url) VALUES ($1, 2, 'https://example.com/sakli-2')", [id], [series]);
      const renamed = await afterWrite("UPDATE season SET name = 'Son' WHERE title_id = $1 AND number = 2", [id], [series]);
      expect(renamed.get(series.slug)).toMatchObject({ seasons: [{ number: 1 }, { number: 2, name: 'Son' }] });
      const added = await afterWrite(
        `INSERT INTO episode (title_id, season_id, number, name, air_at, duration_seconds)
         SELECT $1, id, 2, 'Yeni Bölüm', '2025-06-01T18:00:00Z', 2400 FROM season WHERE title_id = $1 AND number = 2`,
        [id],
        [series],
      );
      expect((added.get(series.slug) as { seasons: Array<{ episodes: unknown[] }> }).seasons[1]!.episodes).toHaveLength(2);
      await afterWrite("UPDATE episode SET air_at = '2025-06-02T18:00:00.250Z' WHERE title_id = $1 AND name = 'Yeni Bölüm'", [id], [series]);
      await afterWrite("DELETE FROM episode WHERE title_id = $1 AND name = 'Yeni Bölüm'", [id], [series]);
      await afterWrite("DELETE FROM title_genre WHERE title_id = $1 AND genre_id = (SELECT id FROM genre WHERE slug = 'dram')", [id], [series]);
      // An episode moved to another title clears both pages.
      await afterWrite(
        'UPDATE episode SET title_id = $2, season_id = (SELECT id FROM season WHERE title_id = $2 LIMIT 1), number = 99 WHERE title_id = $1 AND number = 1 AND season_id = (SELECT id FROM season WHERE title_id = $1 AND number = 2)',
        [id, await titleId(other.slug)],
        [series, other],
      );
    });

    it('emptied with TRUNCATE, every page', async () => {
      const pages = await afterWrite('TRUNCATE trailer', [], [series, other, film]);
      expect(pages.get(series.slug)).toMatchObject({ trailers: [] });
    });

    it('a new title gets its page, and a deleted one takes its page with it', async () => {
      const added = buildSeries({ name: 'Yeni Gelen', seasons: [{ number: 1, episodes: [buildEpisode(1)] }] });
      await sut.server.app.get(CatalogImportService).import(buildCatalogFile([added]));
      expect(await allBuilt()).toBe(true);
      await expectCatalogsPage(added);

      await db.query('DELETE FROM title WHERE slug = $1', [added.slug]);

      expect((await db.query('SELECT count(*)::int AS n FROM title_page WHERE title_id NOT IN (SELECT id FROM title)'))[0].n).toBe(0);
      expect((await request(sut.baseUrl).get(path(added))).status).toBe(404);
    });
  });

  describe('a page read before a write is never stored after it', () => {
    it('a page made while a writer holds the title is answered but not stored; the page after the commit is', async () => {
      await expectCatalogsPage(series);
      const id = await titleId(series.slug);
      const writer = new pg.Client({ connectionString: sut.database.url });
      await writer.connect();
      try {
        await writer.query('BEGIN');
        await writer.query("UPDATE episode SET name = 'Bekleyen Ad' WHERE title_id = $1 AND number = 2", [id]);

        const during = await request(sut.baseUrl).get(path(series));

        expect(during.status).toBe(200);
        expect(during.text).not.toContain('Bekleyen Ad');
        await writer.query('COMMIT');
        expect(await storedBody(series.slug)).toBeNull();
      } finally {
        await writer.end();
      }
      expect(await expectCatalogsPage(series)).toContain('Bekleyen Ad');
    });

    it('a page read at a version the title has since left is refused', async () => {
      const id = await titleId(series.slug);
      await db.query('UPDATE title_page SET body = NULL, format = NULL, etag = NULL WHERE title_id = $1', [id]);
      const [{ version }] = await db.query('SELECT version FROM title_page WHERE title_id = $1', [id]);
      await db.query("UPDATE season SET name = 'Sonra' WHERE title_id = $1 AND number = 1", [id]);

      const stored = await db.query(STORE_PAGES, [[id], [version], ['{"eski":true}'], ['W/"d-eski"'], TITLE_PAGE_FORMAT]);

      expect(stored).toEqual([]);
      expect(await storedBody(series.slug)).toBeNull();
      expect(JSON.parse(await expectCatalogsPage(series))).toMatchObject({ seasons: [{ number: 1, name: 'Sonra' }, {}] });
    });
  });

  it('are made again by a server starting over pages another release stored, with no change to hear of', async () => {
    await allBuilt();
    await db.query(`UPDATE title_page SET format = 'eski-surum'`);
    // A new release's server, with the read cache on (its listening connection is up before the catalog's builders subscribe).
    const config = loadConfig({ PORT: '0', DATABASE_URL: sut.database.url, LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent', REDIS_PREFIX: uniqueRedisPrefix() });
    const release = await startServer(config, createLogger(config));
    try {
      const built = await eventually(() => release.app.get(TitlePages).allBuilt(), (done) => done);

      expect(built).toBe(true);
      const [{ stale }] = await db.query('SELECT count(*)::int AS stale FROM title_page WHERE format IS DISTINCT FROM $1', [TITLE_PAGE_FORMAT]);
      expect(stale).toBe(0);
      await expectCatalogsPage(other);
    } finally {
      await release.close();
    }
  });

  it('a page stored by other code (a release since) is not served, and is made again', async () => {
    await expectCatalogsPage(film);
    const id = await titleId(film.slug);
    await db.query(`UPDATE title_page SET format = 'eski-surum', body = '{"eski":true}', etag = 'W/"d-eski"' WHERE title_id = $1`, [id]);

    const response = await request(sut.baseUrl).get(path(film));

    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ slug: film.slug, kind: 'film' });
    expect(await storedBody(film.slug)).toBe(response.text);
  });
});
