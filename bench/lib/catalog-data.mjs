// The catalog at scale: the demo catalog, imported the way an operator would (the built import
// CLI), then multiplied in the database with set-based SQL to the size the catalog is built for.
// Every clone is a renamed copy of a demo row (title, its genres and trailers, seasons, episodes,
// sources, video groups), so the shape of the data stays the demo's: a quarter of the titles are
// films with one episode, a series has one to three seasons of some 15 to 90 episodes (and one
// long series 24 seasons), an episode about three sources and every third or fourth a video group.
import { execFile } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { promisify } from 'node:util';
import pg from 'pg';

const require = createRequire(import.meta.url);
const { foldForSearch } = require('@seyirlik/shared-contracts');

/** Words appended to a clone's name, so searches meet realistic, varied names. */
const NAME_WORDS = [
  'Şafak', 'Gece', 'Dönüş', 'Kış', 'Rüzgâr', 'Ateş', 'Deniz', 'Işık', 'Gölge', 'Sır', 'Yol', 'Köprü',
  'Liman', 'Çarşı', 'Bahçe', 'Dağ', 'Kale', 'Saray', 'Ada', 'Nehir', 'Göl', 'Yağmur', 'Bulut', 'Yıldız',
];

/**
 * The letters of the invented word that ends each clone's name: a syllable is an onset (none, at
 * times, to open a word), a vowel of the word's harmony (back or front, as Turkish words keep)
 * and at times a closing consonant. A catalog of 20,000 real titles has thousands of different
 * words; cloned names alone would repeat the demo's few dozen, and the live searches typed from
 * them would be a few thousand prefixes, asked within a fifth of a second.
 */
const ONSETS = ['b', 'c', 'ç', 'd', 'f', 'g', 'h', 'k', 'l', 'm', 'n', 'p', 'r', 's', 'ş', 't', 'v', 'y', 'z'];
const VOWELS = [
  ['a', 'ı', 'o', 'u'],
  ['e', 'i', 'ö', 'ü'],
];
const CODAS = ['n', 'r', 'l', 'k', 'm', 's', 'ş', 't', 'y', 'z'];

/** The catalog tables, in the order a bulk load fills them. */
const CATALOG_TABLES = ['genre', 'channel', 'title', 'title_genre', 'trailer', 'season', 'episode', 'video_group', 'video_source', 'pre_roll_ad'];

/**
 * How many seasons the longest series repeats its demo seasons: the title detail of a series with
 * many seasons and hundreds of episodes is measured on its own.
 */
const LONG_SERIES_SEASON_REPEAT = 8;

/** The tables that grow by millions of rows: their indexes are built, and foreign keys checked, once at the end. */
const BULK_TABLES = ['episode', 'video_group', 'video_source'];

const run = promisify(execFile);

/** A small deterministic generator (mulberry32): the bench's catalog and choices are the same every run. */
export function seededRandom(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let mixed = Math.imul(state ^ (state >>> 15), state | 1);
    mixed ^= mixed + Math.imul(mixed ^ (mixed >>> 7), mixed | 61);
    return ((mixed ^ (mixed >>> 14)) >>> 0) / 2 ** 32;
  };
}

/** `count` different invented words of two or three syllables, capitalized, the same every run. */
export function inventedWords(count) {
  const random = seededRandom(2026);
  const pick = (items) => items[Math.floor(random() * items.length)];
  const words = new Set();
  while (words.size < count) {
    const vowels = pick(VOWELS);
    const syllables = random() < 0.6 ? 2 : 3;
    let word = '';
    for (let syllable = 0; syllable < syllables; syllable += 1) {
      // Two vowels never meet: a syllable after one ending in a vowel takes an onset.
      const open = syllable === 0 ? random() < 0.85 : !CODAS.includes(word.at(-1)) || random() < 0.9;
      word += (open ? pick(ONSETS) : '') + pick(vowels) + (random() < 0.35 ? pick(CODAS) : '');
    }
    words.add(word[0].toLocaleUpperCase('tr') + word.slice(1));
  }
  return [...words];
}

/**
 * Imports the demo catalog (its dates moved to now, as the embedded first start does) with the
 * built `catalog:import` CLI. Returns the CLI's summary lines.
 */
export async function importDemoCatalog({ root, databaseUrl, workDir }) {
  const { readDemoCatalog } = require(join(root, 'server', 'dist', 'catalog', 'demo', 'demo-catalog.js'));
  const file = join(workDir, 'demo-catalog.json');
  writeFileSync(file, JSON.stringify(readDemoCatalog(new Date())));
  return importCatalogFile({ root, databaseUrl, file, what: 'the demo catalog' });
}

/** Imports `file` with the built `catalog:import` CLI, as an operator would. Returns the CLI's summary lines. */
export async function importCatalogFile({ root, databaseUrl, file, what = file }) {
  const cli = join(root, 'server', 'dist', 'catalog', 'import', 'cli.js');
  try {
    const { stdout } = await run(process.execPath, [cli, file], {
      cwd: root,
      env: { ...process.env, DATABASE_URL: databaseUrl, LOG_LEVEL: 'warn' },
      maxBuffer: 1 << 20,
    });
    return stdout.trim().split('\n');
  } catch (error) {
    throw new Error(`the import of ${what} failed: ${(error.stderr || error.message).trim()}`, { cause: error });
  }
}

/** The notification the catalog import sends as it commits, sent with the built server's own function. */
function announceCatalogChange(client, root) {
  const { announcePublicReadsChanged } = require(join(root, 'server', 'dist', 'platform', 'http', 'read-cache', 'public-read-invalidation.js'));
  return announcePublicReadsChanged(client);
}

async function timed(steps, label, work) {
  const started = performance.now();
  const result = await work();
  steps.push({ label, ms: performance.now() - started });
  return result;
}

/**
 * Multiplies the imported demo catalog to `titles` titles and exactly `episodes` episodes, in one
 * transaction, then VACUUM ANALYZE (what autovacuum would do after a bulk load: statistics for
 * the planner, the GIN pending list merged, the visibility map set), and announces the change as
 * the import does, with the built server under `root`. Returns the table counts and the time of
 * each step.
 */
export async function multiplyCatalog(databaseUrl, { titles, episodes, root }) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const steps = [];
  try {
    const demo = (await client.query('SELECT id, slug, name, original_name FROM title ORDER BY id')).rows;
    const [{ count: demoEpisodes }] = (await client.query('SELECT count(*)::int AS count FROM episode')).rows;
    if (demo.length === 0) throw new Error('no demo catalog to multiply');
    if (titles < demo.length || episodes < demoEpisodes) {
      throw new Error(`the demo catalog already has ${demo.length} titles and ${demoEpisodes} episodes`);
    }
    const folded = demo.map((title) => ({
      id: title.id,
      folded_name: foldForSearch(title.name),
      folded_original: foldForSearch(title.original_name),
    }));
    const words = NAME_WORDS.map((word, index) => ({ i: index, word, folded: foldForSearch(word) }));
    const names = inventedWords(titles - demo.length).map((word, index) => ({ n: index + 1, word, folded: foldForSearch(word) }));

    await client.query('BEGIN');
    // Nothing here needs to survive a crash before COMMIT; the load is faster without waiting on WAL flushes.
    await client.query('SET LOCAL synchronous_commit = off');
    await client.query("SET LOCAL work_mem = '256MB'");

    await timed(steps, 'plan', () => planClones(client, { titles, episodes, folded, words, names, demoEpisodes }));
    await timed(steps, 'titles, genres, trailers', () => insertTitles(client));
    await timed(steps, 'seasons', () => insertSeasons(client));
    const deferred = await deferConstraints(client, BULK_TABLES);
    await timed(steps, 'episodes', () => insertEpisodes(client));
    await timed(steps, 'video groups and their sources', () => insertGroups(client));
    await timed(steps, 'video sources', () => insertSources(client));
    await timed(steps, 'indexes and foreign keys', () => restoreConstraints(client, deferred));
    await client.query('COMMIT');
    await timed(steps, 'VACUUM ANALYZE', () => client.query(`VACUUM (ANALYZE) ${CATALOG_TABLES.join(', ')}`));
    // The load's pages are written out now rather than by a checkpoint during the measurements.
    // It takes a superuser or pg_checkpoint; without either the bench goes on.
    await timed(steps, 'CHECKPOINT', () => client.query('CHECKPOINT')).catch((error) => {
      steps.push({ label: `no CHECKPOINT (${error.message})`, ms: null });
    });

    // As an import does: every server process hears that the catalog changed (read cache, search index).
    await announceCatalogChange(client, root);

    const counts = {};
    for (const table of CATALOG_TABLES) {
      counts[table] = (await client.query(`SELECT count(*)::int AS count FROM ${table}`)).rows[0].count;
    }
    if (counts.title !== titles || counts.episode !== episodes) {
      throw new Error(`loaded ${counts.title} titles and ${counts.episode} episodes instead of ${titles} and ${episodes}`);
    }
    return { counts, steps };
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/**
 * Drops the foreign keys and the indexes that back no constraint of `tables`, answering the
 * statements that recreate them exactly as they were. Checking a foreign key per row and growing
 * every index row by row is what makes a bulk insert slow; one validation and one index build at
 * the end give the same schema in a fraction of the time. Inside the load's transaction, so a
 * failure leaves the schema untouched.
 */
async function deferConstraints(client, tables) {
  const { rows: foreignKeys } = await client.query(
    `SELECT format('ALTER TABLE %s DROP CONSTRAINT %I', conrelid::regclass, conname) AS drop,
            format('ALTER TABLE %s ADD CONSTRAINT %I %s', conrelid::regclass, conname, pg_get_constraintdef(oid)) AS restore
       FROM pg_constraint WHERE contype = 'f' AND conrelid = ANY($1::regclass[])`,
    [tables],
  );
  const { rows: indexes } = await client.query(
    `SELECT format('DROP INDEX %s', i.indexrelid::regclass) AS drop, pg_get_indexdef(i.indexrelid) AS restore
       FROM pg_index i WHERE i.indrelid = ANY($1::regclass[])
        AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = i.indexrelid)`,
    [tables],
  );
  const deferred = [...foreignKeys, ...indexes];
  for (const { drop } of deferred) await client.query(drop);
  return deferred.map(({ restore }) => restore);
}

async function restoreConstraints(client, statements) {
  await client.query("SET LOCAL maintenance_work_mem = '512MB'");
  for (const statement of statements) await client.query(statement);
}

/**
 * bench_clone: one row per new title (its demo title `d`, copy number, seasons repeat and
 * episodes per demo episode, `factor`); bench_season_plan: one row per new season with its episode count.
 * Series get from half to one and a half times the episodes per demo episode that the target needs
 * on average; the longest series takes up what rounding leaves, so the total is exact.
 */
async function planClones(client, { titles, episodes, folded, words, names, demoEpisodes }) {
  await client.query(
    `CREATE TEMP TABLE bench_demo ON COMMIT DROP AS
     SELECT t.*, f.folded_name, f.folded_original, row_number() OVER (ORDER BY t.id)::int - 1 AS d,
            (SELECT count(*)::int FROM episode e WHERE e.title_id = t.id) AS episode_count,
            (SELECT count(*)::int FROM season s WHERE s.title_id = t.id) AS season_count
       FROM title t JOIN jsonb_to_recordset($1::jsonb) AS f(id integer, folded_name text, folded_original text) USING (id)`,
    [JSON.stringify(folded)],
  );
  await client.query(
    `CREATE TEMP TABLE bench_word ON COMMIT DROP AS SELECT * FROM jsonb_to_recordset($1::jsonb) AS w(i integer, word text, folded text)`,
    [JSON.stringify(words)],
  );
  await client.query(
    `CREATE TEMP TABLE bench_name ON COMMIT DROP AS SELECT * FROM jsonb_to_recordset($1::jsonb) AS nm(n integer, word text, folded text)`,
    [JSON.stringify(names)],
  );
  // Clone n copies demo title (n - 1) % D; the first clone of the first series is the long one.
  await client.query(
    `CREATE TEMP TABLE bench_clone ON COMMIT DROP AS
     SELECT n, (n - 1) % demo.count AS d, (n - 1) / demo.count + 1 AS copy
       FROM (SELECT count(*)::int AS count FROM bench_demo) demo, generate_series(1, $1::int - demo.count) AS n`,
    [titles],
  );
  await client.query(`
    ALTER TABLE bench_clone ADD COLUMN season_repeat integer NOT NULL DEFAULT 1, ADD COLUMN factor float8 NOT NULL DEFAULT 1,
      ADD COLUMN title_id integer
  `);
  await client.query(
    `UPDATE bench_clone c SET season_repeat = $1
      WHERE c.n = (SELECT min(c2.n) FROM bench_clone c2 JOIN bench_demo dt USING (d) WHERE dt.kind <> 'film')`,
    [LONG_SERIES_SEASON_REPEAT],
  );
  // The mean number of episodes each demo episode of a series becomes (films keep their one).
  const { rows } = await client.query(
    `SELECT sum(dt.episode_count * c.season_repeat)::float8 AS series_base,
            (SELECT count(*)::int FROM bench_clone c2 JOIN bench_demo d2 USING (d) WHERE d2.kind = 'film') AS film_clones
       FROM bench_clone c JOIN bench_demo dt USING (d) WHERE dt.kind <> 'film'`,
  );
  const mean = (episodes - demoEpisodes - rows[0].film_clones) / rows[0].series_base;
  await client.query(
    `UPDATE bench_clone c SET factor = $1::float8 * (0.5 + (c.copy % 5) / 4.0) FROM bench_demo dt WHERE dt.d = c.d AND dt.kind <> 'film'`,
    [mean],
  );
  await client.query(`
    CREATE TEMP TABLE bench_season_plan ON COMMIT DROP AS
    SELECT c.n, ds.id AS demo_season_id, ds.number + k * dt.season_count AS number, ds.name,
           (SELECT count(*)::int FROM episode de WHERE de.season_id = ds.id) AS demo_count,
           (SELECT max(de.air_at) FROM episode de WHERE de.season_id = ds.id)
             - (c.season_repeat - 1 - k) * interval '1 year' - (c.n % 2000) * interval '1 hour' AS last_air,
           0 AS episode_count, NULL::integer AS title_id, NULL::integer AS season_id
      FROM bench_clone c JOIN bench_demo dt USING (d) JOIN season ds ON ds.title_id = dt.id
     CROSS JOIN generate_series(0, c.season_repeat - 1) AS k
  `);
  // Rounding the running total (not each season) keeps the sum on target.
  await client.query(`
    UPDATE bench_season_plan p SET episode_count = greatest(1, x.count) FROM (
      SELECT p2.n, p2.number,
             (round(sum(p2.demo_count * c.factor) OVER w) - round(sum(p2.demo_count * c.factor) OVER w - p2.demo_count * c.factor))::int AS count
        FROM bench_season_plan p2 JOIN bench_clone c USING (n)
      WINDOW w AS (ORDER BY p2.n, p2.number)
    ) x WHERE (x.n, x.number) = (p.n, p.number)
  `);
  // The long series' last season absorbs the rounding.
  const { rows: adjusted } = await client.query(
    `UPDATE bench_season_plan p SET episode_count = p.episode_count + ($1::int - $2::int - (SELECT sum(episode_count)::int FROM bench_season_plan))
      WHERE (p.n, p.number) = (SELECT n, max(number) FROM bench_season_plan
                                WHERE n = (SELECT n FROM bench_clone WHERE season_repeat > 1) GROUP BY n)
      RETURNING p.episode_count`,
    [episodes, demoEpisodes],
  );
  if (adjusted.length !== 1 || adjusted[0].episode_count < 1) {
    throw new Error(`${episodes} episodes cannot be spread over ${titles} titles shaped like the demo catalog`);
  }
}

async function insertTitles(client) {
  // Names gain one of the common words and an invented word of their own; the search text is folded exactly as the import folds it.
  await client.query(`
    INSERT INTO title (slug, kind, name, original_name, year, imdb, channel_id, description, adult, release_at,
                       poster_url, backdrop_url, search_text)
    SELECT dt.slug || '-' || c.copy, dt.kind,
           dt.name || ' ' || w.word || ' ' || nm.word, dt.original_name || ' ' || w.word || ' ' || nm.word,
           greatest(1950, dt.year - c.copy % 30), least(10, greatest(1, dt.imdb + (c.copy % 31 - 15) / 10.0)),
           dt.channel_id, dt.description, dt.adult, dt.release_at, dt.poster_url, dt.backdrop_url,
           concat_ws(' ', dt.folded_name, w.folded, nm.folded, dt.folded_original, w.folded, nm.folded)
      FROM bench_clone c JOIN bench_demo dt USING (d) JOIN bench_name nm USING (n)
      JOIN bench_word w ON w.i = c.copy % (SELECT count(*) FROM bench_word)
     ORDER BY c.n
  `);
  await client.query(`
    UPDATE bench_clone c SET title_id = t.id FROM bench_demo dt, title t WHERE dt.d = c.d AND t.slug = dt.slug || '-' || c.copy
  `);
  await client.query(`
    INSERT INTO title_genre (title_id, genre_id)
    SELECT c.title_id, tg.genre_id FROM bench_clone c JOIN bench_demo dt USING (d) JOIN title_genre tg ON tg.title_id = dt.id
  `);
  await client.query(`
    INSERT INTO trailer (title_id, number, url)
    SELECT c.title_id, tr.number, tr.url FROM bench_clone c JOIN bench_demo dt USING (d) JOIN trailer tr ON tr.title_id = dt.id
  `);
}

async function insertSeasons(client) {
  await client.query('UPDATE bench_season_plan p SET title_id = c.title_id FROM bench_clone c WHERE c.n = p.n');
  await client.query(`
    INSERT INTO season (title_id, number, name) SELECT title_id, number, name FROM bench_season_plan ORDER BY title_id, number
  `);
  await client.query('UPDATE bench_season_plan p SET season_id = s.id FROM season s WHERE s.title_id = p.title_id AND s.number = p.number');
  await client.query('CREATE INDEX ON bench_season_plan (season_id)');
  await client.query('ANALYZE bench_season_plan');
}

async function insertEpisodes(client) {
  // Episode k repeats demo episode (k - 1) % demo_count + 1 of its season, one a week up to the
  // season's last air time.
  await client.query(`
    INSERT INTO episode (title_id, season_id, number, name, air_at, duration_seconds)
    SELECT p.title_id, p.season_id, k, de.name, p.last_air - (p.episode_count - k) * interval '7 days', de.duration_seconds
      FROM bench_season_plan p CROSS JOIN generate_series(1, p.episode_count) AS k
      JOIN episode de ON de.season_id = p.demo_season_id AND de.number = (k - 1) % p.demo_count + 1
  `);
  // The statistics still describe the demo catalog; the joins below are planned on the real size.
  await client.query('ANALYZE episode');
}

/** Each new episode with the demo episode it repeats. */
const EPISODE_ORIGIN = `
  episode e JOIN bench_season_plan p ON p.season_id = e.season_id
  JOIN episode de ON de.season_id = p.demo_season_id AND de.number = (e.number - 1) % p.demo_count + 1`;

async function insertSources(client) {
  await client.query(`
    INSERT INTO video_source (episode_id, position, name, kind, link, tiers, locked, downloadable)
    SELECT e.id, s.position, s.name, s.kind, s.link, s.tiers, s.locked, s.downloadable
      FROM ${EPISODE_ORIGIN} JOIN video_source s ON s.episode_id = de.id
  `);
}

async function insertGroups(client) {
  // A group's hash is unique: the demo hash with the new episode's id.
  await client.query(`
    INSERT INTO video_group (hash, episode_id, position, name)
    SELECT g.hash || '-' || e.id, e.id, g.position, g.name FROM ${EPISODE_ORIGIN} JOIN video_group g ON g.episode_id = de.id
  `);
  await client.query('ANALYZE video_group');
  // A new group is the demo group at the same position of the demo episode.
  await client.query(`
    INSERT INTO video_source (group_id, position, name, kind, link, tiers, locked, downloadable)
    SELECT ng.id, s.position, s.name, s.kind, s.link, s.tiers, s.locked, s.downloadable
      FROM ${EPISODE_ORIGIN} JOIN video_group g ON g.episode_id = de.id
      JOIN video_group ng ON ng.episode_id = e.id AND ng.position = g.position
      JOIN video_source s ON s.group_id = g.id
  `);
}

/**
 * Waits until the app has stored every title's page (it makes them as it hears of a catalog
 * change, in the background): in production the pages of a catalog are stored long before anyone
 * asks, so the title pages are measured as they are then. Returns the wait in milliseconds.
 */
export async function waitForTitlePages(databaseUrl, { timeoutMs = 600_000, signal } = {}) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const started = performance.now();
  try {
    for (;;) {
      const { rows } = await client.query('SELECT count(*)::int AS unbuilt FROM title_page WHERE body IS NULL');
      if (rows[0].unbuilt === 0) return performance.now() - started;
      if (performance.now() - started > timeoutMs) throw new Error(`${rows[0].unbuilt} title pages still not stored after ${timeoutMs / 1000} s`);
      signal?.throwIfAborted();
      await new Promise((resolveWait) => setTimeout(resolveWait, 500));
    }
  } finally {
    await client.end().catch(() => undefined);
  }
}
