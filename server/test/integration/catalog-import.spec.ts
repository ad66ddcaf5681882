import { CATALOG_MESSAGES as M, foldForSearch } from '@seyirlik/shared-contracts';
import { readDemoCatalog } from '../../src/catalog/demo/demo-catalog';
import { CatalogFileInvalidError, CatalogImportService } from '../../src/catalog/import/catalog-import.service';
import { buildCatalogFile, buildEpisode, buildFilm, buildSeries } from '../factories/catalog';
import { CATALOG_TABLES, countCatalog, openCatalogDatabase } from '../support/catalog-database';

type Opened = Awaited<ReturnType<typeof openCatalogDatabase>>;

/** Every catalog row's table, id and updated_at: equal snapshots mean nothing was written. */
async function snapshot(opened: Opened): Promise<string[]> {
  const rows: string[] = [];
  for (const table of CATALOG_TABLES.filter((name) => name !== 'title_genre')) {
    const found: Array<{ id: number; updated_at: Date }> = await opened.dataSource.query(`SELECT id, updated_at FROM ${table} ORDER BY id`);
    rows.push(...found.map((row) => `${table}/${row.id}/${row.updated_at.toISOString()}`));
  }
  return rows;
}

/** What the planner knows of each catalog table: its row estimate and when it was last analyzed by hand. */
async function plannerStatistics(opened: Opened): Promise<Record<string, { rows: number; analyzedAt: Date | null }>> {
  const found: Array<{ relname: string; reltuples: number; last_analyze: Date | null }> = await opened.dataSource.query(
    'SELECT s.relname, c.reltuples, s.last_analyze FROM pg_stat_user_tables s JOIN pg_class c ON c.oid = s.relid WHERE s.relname = ANY($1)',
    [CATALOG_TABLES],
  );
  return Object.fromEntries(found.map((row) => [row.relname, { rows: row.reltuples, analyzedAt: row.last_analyze }]));
}

describe('catalog import', () => {
  let db: Opened;
  let sut: CatalogImportService;

  beforeEach(async () => {
    db = await openCatalogDatabase();
    sut = new CatalogImportService(db.dataSource);
  });

  afterEach(() => db.close());

  it('writes every record of the file, with the title search text folded the Turkish way', async () => {
    const series = buildSeries({ name: 'Işıkçının Kızı', originalName: 'IŞIKÇININ KIZI', channel: 'atlas-tv' });
    series.seasons[0]!.episodes[1]!.groups = [
      { hash: 'grup-abc123', name: 'Yedek', sources: [{ name: 'Yedek 1', kind: 'hls', link: '/media/demo/bars.m3u8', lock: true }] },
    ];

    const summary = await sut.import(buildCatalogFile([series, buildFilm()]));

    expect(await countCatalog(db.dataSource)).toEqual({
      genre: 1, channel: 1, title: 2, title_genre: 2, trailer: 1, season: 2, episode: 4, video_group: 1, video_source: 5, pre_roll_ad: 1,
    });
    expect(summary.titles).toEqual({ inserted: 2, updated: 0, removed: 0 });
    const [title] = await db.dataSource.query('SELECT t.search_text, t.imdb, c.slug AS channel FROM title t JOIN channel c ON c.id = t.channel_id');
    expect(title).toEqual({ search_text: 'isikcinin kizi isikcinin kizi', imdb: '7.2', channel: 'atlas-tv' });
    const [grouped] = await db.dataSource.query(
      `SELECT g.hash, s.name, s.kind, s.tiers, s.locked, s.downloadable, e.number AS episode
       FROM video_source s JOIN video_group g ON g.id = s.group_id JOIN episode e ON e.id = g.episode_id`,
    );
    expect(grouped).toEqual({ hash: 'grup-abc123', name: 'Yedek 1', kind: 'hls', tiers: [], locked: true, downloadable: false, episode: 2 });
  });

  it('changes nothing when the same file is imported again', async () => {
    const file = buildCatalogFile([buildSeries(), buildFilm()]);
    await sut.import(file);
    const counts = await countCatalog(db.dataSource);
    const before = await snapshot(db);

    const summary = await sut.import(file);

    expect(await countCatalog(db.dataSource)).toEqual(counts);
    expect(await snapshot(db)).toEqual(before);
    for (const count of Object.values(summary)) expect(count).toEqual({ inserted: 0, updated: 0, removed: 0 });
  });

  it('updates only what changed, replaces the lists inside a record and keeps records the file leaves out', async () => {
    const kept = buildFilm();
    const series = buildSeries({ trailers: [{ url: '/a.mp4' }, { url: '/b.mp4' }] });
    series.seasons[0]!.episodes[0]!.sources!.push({ name: 'Alternatif', kind: 'embed', link: '/embed/demo/bars' });
    await sut.import(buildCatalogFile([series, kept]));
    const [{ updated_at: untouchedBefore }] = await db.dataSource.query('SELECT updated_at FROM episode WHERE number = 3 AND title_id = (SELECT id FROM title WHERE slug = $1)', [series.slug]);

    series.imdb = 8.4;
    series.trailers = [{ url: '/a.mp4' }];
    series.seasons[0]!.episodes[0]!.sources!.pop();
    series.seasons[0]!.episodes.push(buildEpisode(4));
    const summary = await sut.import(buildCatalogFile([series], { ads: [] }));

    expect(summary.titles).toEqual({ inserted: 0, updated: 1, removed: 0 });
    expect(summary.trailers).toEqual({ inserted: 0, updated: 0, removed: 1 });
    expect(summary.videoSources).toEqual({ inserted: 1, updated: 0, removed: 1 });
    expect(summary.episodes).toEqual({ inserted: 1, updated: 0, removed: 0 });
    const titles = await db.dataSource.query('SELECT slug, imdb FROM title ORDER BY slug');
    expect(titles).toEqual(expect.arrayContaining([{ slug: series.slug, imdb: '8.4' }, { slug: kept.slug, imdb: '6.5' }]));
    expect(await countCatalog(db.dataSource)).toMatchObject({ trailer: 1, episode: 5, pre_roll_ad: 1 });
    const [{ updated_at: untouchedAfter }] = await db.dataSource.query('SELECT updated_at FROM episode WHERE number = 3 AND title_id = (SELECT id FROM title WHERE slug = $1)', [series.slug]);
    expect(untouchedAfter).toEqual(untouchedBefore);
  });

  it('analyzes the catalog tables after an import that changed rows, so the planner knows their new size', async () => {
    const series = buildSeries();
    series.seasons[0]!.episodes[0]!.groups = [{ hash: 'grup-abc123', name: 'Yedek', sources: [{ name: 'Yedek 1', kind: 'embed', link: '/embed/demo/bars' }] }];

    await sut.import(buildCatalogFile([series, buildFilm()]));

    const counts = await countCatalog(db.dataSource);
    const statistics = await plannerStatistics(db);
    for (const table of CATALOG_TABLES) {
      expect({ table, ...statistics[table] }).toEqual({ table, rows: counts[table], analyzedAt: expect.any(Date) });
    }
  });

  it('does not analyze again after an import that changed nothing', async () => {
    const file = buildCatalogFile([buildSeries(), buildFilm()]);
    await sut.import(file);
    const before = await plannerStatistics(db);

    await sut.import(file);

    expect(await plannerStatistics(db)).toEqual(before);
  });

  it('refuses a bad file with the path and reason of each error and writes nothing', async () => {
    const series = buildSeries();
    series.seasons[0]!.episodes[2]!.sources![0]!.link = 'ftp://example.com/x.mp4';
    const film = buildFilm({ imdb: 11 });

    const attempt = sut.import(buildCatalogFile([buildSeries(), buildSeries(), buildSeries(), series, film]));

    await expect(attempt).rejects.toBeInstanceOf(CatalogFileInvalidError);
    await expect(attempt).rejects.toMatchObject({
      errors: [`titles[3].seasons[0].episodes[2].sources[0].link: ${M.urlInvalid}`, `titles[4].imdb: ${M.imdbOutOfRange}`],
    });
    expect(Object.values(await countCatalog(db.dataSource)).every((count) => count === 0)).toBe(true);
    expect(Object.values(await plannerStatistics(db)).every((table) => table.analyzedAt === null)).toBe(true);
  });

  it('rolls everything back when the database refuses a row half way', async () => {
    // A constraint the schema does not know about fails the last step of an otherwise valid file.
    await db.dataSource.query("ALTER TABLE pre_roll_ad ADD CONSTRAINT no_test_ad CHECK (key <> 'acilis')");

    await expect(sut.import(buildCatalogFile([buildSeries(), buildFilm()]))).rejects.toThrow(/no_test_ad/);

    expect(Object.values(await countCatalog(db.dataSource)).every((count) => count === 0)).toBe(true);
  });

  describe('the demo catalog', () => {
    const now = new Date();

    beforeEach(() => sut.import(readDemoCatalog(now)));

    it('imports 30+ titles of the three kinds, one adult, one counting down three days ahead', async () => {
      const kinds = await db.dataSource.query('SELECT kind, count(*)::int AS count FROM title GROUP BY kind ORDER BY kind');
      const adult = await db.dataSource.query('SELECT slug FROM title WHERE adult');
      const upcoming: Array<{ release_at: Date }> = await db.dataSource.query('SELECT release_at FROM title WHERE release_at > now()');
      const [latest] = await db.dataSource.query('SELECT max(air_at) AS air_at FROM episode');

      expect(kinds.reduce((sum: number, row: { count: number }) => sum + row.count, 0)).toBeGreaterThanOrEqual(30);
      expect(kinds.map((row: { kind: string }) => row.kind)).toEqual(['anime', 'dizi', 'film']);
      expect(adult).toHaveLength(1);
      expect(upcoming).toHaveLength(1);
      const hoursAhead = (upcoming[0]!.release_at.getTime() - now.getTime()) / 3_600_000;
      expect(hoursAhead).toBeCloseTo(72, 0);
      expect(latest.air_at.getTime()).toBeLessThan(now.getTime());
    });

    it('offers direct MP4, HLS and embed sources, some kept for members, and video groups', async () => {
      const kinds = await db.dataSource.query('SELECT DISTINCT kind FROM video_source ORDER BY kind');
      const [{ locked, grouped }] = await db.dataSource.query(
        'SELECT count(*) FILTER (WHERE locked)::int AS locked, count(*) FILTER (WHERE group_id IS NOT NULL)::int AS grouped FROM video_source',
      );

      expect(kinds).toEqual([{ kind: 'embed' }, { kind: 'hls' }, { kind: 'mp4' }]);
      expect(locked).toBeGreaterThan(0);
      expect(grouped).toBeGreaterThan(0);
    });

    it('finds titles by trigram search ignoring case and Turkish letters, through the index', async () => {
      const search = (query: string) =>
        db.dataSource.query("SELECT name FROM title WHERE search_text LIKE '%' || $1 || '%' ORDER BY name", [foldForSearch(query)]);

      expect(await search('IŞIK')).toEqual([{ name: 'Işıkçının Kızı' }]);
      expect(await search('ay isigi')).toEqual([{ name: 'Ay Işığı Kafesi' }]);
      expect(await search('sahin yuvasi')).toEqual([{ name: 'Şahin Yuvası Karakolu' }]);
      const plan = await db.dataSource.transaction(async (manager) => {
        await manager.query('SET LOCAL enable_seqscan = off');
        return manager.query("EXPLAIN SELECT id FROM title WHERE search_text LIKE '%cicek%'");
      });
      expect(JSON.stringify(plan)).toContain('title_search_idx');
    });
  });
});
