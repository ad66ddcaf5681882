// The catalog's reads as the site makes them (the home page's JSON calls, title pages, the live
// search), what each costs the database, and the search plan at scale.
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { seededRandom } from './catalog-data.mjs';
import { cpuSeconds } from './cpu.mjs';
import { formatRate } from './format.mjs';

const require = createRequire(import.meta.url);
const { SEARCH_RULES, foldForSearch } = require('@seyirlik/shared-contracts');

/** Backends report their statistics when idle, at most once a second. */
const STATISTICS_DELAY_MS = 1100;

/** Titles whose pages are requested in turn: random over the whole catalog, the same each run. */
const TITLE_PAGE_SAMPLE = 1000;

/**
 * The share of a read's distinct paths asked once each only to warm the target up (each once too),
 * before the measured ones: never measured, never asked again. The other reads warm up for a
 * second; a few hundred distinct paths went by in some 30 ms, and the first few hundred ms after
 * them (the code of the read not yet optimized) made the p99 of a run of about a second.
 */
const DISTINCT_WARMUP_SHARE = 0.25;
const DISTINCT_WARMUP_MIN_PATHS = 600;

/** How many characters people type before the live search shows what they look for. */
const TYPED_LENGTHS = [3, 4, 5, 6, 7, 8];

/** Turkish letters as typed on a keyboard without them. */
const WITHOUT_TURKISH_LETTERS = { ç: 'c', Ç: 'C', ğ: 'g', Ğ: 'G', ı: 'i', İ: 'I', ö: 'o', Ö: 'O', ş: 's', Ş: 'S', ü: 'u', Ü: 'U' };

/**
 * What people type in the header's search: names and words of the catalog, with and without the
 * Turkish letters, in either case.
 */
const SEARCH_TERMS = [
  'çınar', 'cinar', 'Işık', 'isik', 'Şahin Yuvası', 'sahin yuvasi', 'kırık pusula', 'KIRIK', 'ejderha', 'lodos',
  'bozkır', 'bozkir', 'gölge', 'golge', 'yıldız', 'yildiz', 'ay ışığı', 'fırın', 'köprü', 'kopru', 'operasyon',
  'tilki', 'Kaçak', 'kacak',
];

const searchPath = (term) => `/api/search?q=${encodeURIComponent(term)}`;

/** `items` in a random order that is the same every run. */
function shuffled(items, seed) {
  const random = seededRandom(seed);
  const result = [...items];
  for (let at = result.length - 1; at > 0; at -= 1) {
    const other = Math.floor(random() * (at + 1));
    [result[at], result[other]] = [result[other], result[at]];
  }
  return result;
}

/**
 * What people type into the live search for `name`: the first 3 to 8 characters from each of its
 * words, as written, in lower case, and without the Turkish letters (as written and in lower case).
 */
function typedSearches(name) {
  const wordStarts = [0, ...[...name.matchAll(/ /g)].map((match) => match.index + 1)];
  const prefixes = wordStarts.flatMap((start) =>
    TYPED_LENGTHS.map((length) => [...name.slice(start)].slice(0, length).join('').trimEnd()).filter((prefix) => [...prefix].length >= 3),
  );
  const withoutTurkish = (text) => text.replace(/[çÇğĞıİöÖşŞüÜ]/g, (letter) => WITHOUT_TURKISH_LETTERS[letter]);
  return prefixes.flatMap((prefix) => {
    const lower = prefix.toLocaleLowerCase('tr');
    return [prefix, lower, withoutTurkish(prefix), withoutTurkish(lower)];
  });
}

/**
 * What Chromium, Firefox and Safari send: the live search and a title page are asked by browsers,
 * so the reads measured as real visitors ask them (the distinct ones) carry it. The other reads are
 * compared with a bare baseline that sends their bodies as they are, so they ask for no encoding.
 */
export const BROWSER_ACCEPT_ENCODING = 'gzip, deflate, br, zstd';

/**
 * A read of distinct paths, each asked once, as browsers ask them. `warmup` (paths of the same
 * kind, never measured) warms the target up first; without one, the first DISTINCT_WARMUP_SHARE of
 * `paths` do, and the rest are measured.
 */
function distinctRead(name, what, paths, warmup) {
  const warmupCount = warmup ? 0 : Math.max(DISTINCT_WARMUP_MIN_PATHS, Math.round(paths.length * DISTINCT_WARMUP_SHARE));
  const warmupPaths = warmup ? warmup.paths : paths.slice(0, warmupCount);
  const measured = paths.slice(warmupCount);
  return {
    name,
    what: `${what}, ${formatRate(measured.length)} distinct paths, each asked once, after ${warmup ? `up to ${formatRate(warmupPaths.length)} ${warmup.what}` : `${formatRate(warmupCount)} others`}`,
    warmupPaths,
    paths: measured,
    headers: { 'accept-encoding': BROWSER_ACCEPT_ENCODING },
  };
}

/**
 * The share of the typed searches' folded texts whose searches warm the server up instead of being
 * measured (see distinctSearchRead).
 */
const SEARCH_WARMUP_FOLD_SHARE = 0.25;

/**
 * Live searches no one asked before: every distinct typed prefix of the catalog's names, shuffled.
 * At 20,000 titles they are some 220,000, folding to some 60,000 texts (case and Turkish letters
 * aside): more than the measurement's seconds take, so it asks a random share of them.
 *
 * The warm-up (DISTINCT_WARMUP_MS in scenarios.mjs) asks typed searches too, those of a quarter of
 * the folded texts, and the measurement those of the others: no warm-up search folds as a measured
 * one does, so none of the server's answers to the warm-up fits a measured search, and the server's
 * code runs as warm as it does after a while in production, where typed prefixes are most of what
 * the live search is asked. Taken from the measured prefixes themselves, the warm-up lasted some
 * 0.3 s, and the first second of searches the server had ever been asked was measured: its code not
 * yet optimized, it cost about twice the CPU of the same searches a few seconds later. Taken from
 * pieces of names inside a word (as after that), it ran another path than the measured searches
 * (those are answered made ahead as the index is built, LiveSearchAnswers), whose first read turn
 * then had the highest p99 of the four.
 */
async function distinctSearchRead(client) {
  const { rows } = await client.query('SELECT name FROM title ORDER BY id');
  // The fixed terms of the "search" read are asked before: they would be answered from the cache.
  const searches = [...new Set(rows.flatMap(({ name }) => typedSearches(name)))].filter((search) => !SEARCH_TERMS.includes(search));
  const folds = shuffled([...new Set(searches.map(foldForSearch))], 29);
  const warmupFolds = new Set(folds.slice(0, Math.round(folds.length * SEARCH_WARMUP_FOLD_SHARE)));
  const warming = (search) => warmupFolds.has(foldForSearch(search));
  return distinctRead(
    'search, distinct',
    'prefixes of 3 to 8 characters of catalog names, with and without Turkish letters',
    shuffled(searches.filter((search) => !warming(search)), 16).map(searchPath),
    { paths: shuffled(searches.filter(warming), 23).map(searchPath), what: 'typed searches of other folded texts' },
  );
}

/** Title pages not asked before in the process: every title but those `asked`, shuffled. */
async function unseenTitleRead(client, asked, titlePath) {
  const { rows } = await client.query('SELECT kind, slug FROM title WHERE NOT (slug = ANY($1::text[])) ORDER BY id', [asked.map(({ slug }) => slug)]);
  return distinctRead('title page, unseen', 'titles no other read asks', shuffled(rows, 61).map(titlePath));
}

/**
 * The reads to measure, each a list of paths requested in turn. The home page's calls are a
 * visitor's in client/src/features: session, newest titles, the home rows and, on "load more",
 * the next page of latest episodes (a member's continue-watching row is not a visitor's). Then
 * what the read cache cannot answer, as real visitors ask it, each path once (the reads with
 * `warmupPaths`, see scenarios.mjs): live searches, a different prefix at almost every keystroke,
 * and title pages no one opened lately.
 */
export async function catalogReads(databaseUrl) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('SELECT setseed(0.42)');
    const { rows: sample } = await client.query('SELECT kind, slug FROM title ORDER BY random() LIMIT $1', [TITLE_PAGE_SAMPLE]);
    const { rows: [longest] } = await client.query(`
      SELECT t.kind, t.slug, e.episodes, (SELECT count(*)::int FROM season s WHERE s.title_id = t.id) AS seasons
        FROM (SELECT title_id, count(*)::int AS episodes FROM episode GROUP BY title_id ORDER BY 2 DESC LIMIT 1) e
        JOIN title t ON t.id = e.title_id`);
    const titlePath = ({ kind, slug }) => `/api/titles/${kind}/${slug}`;
    return [
      { name: 'home: session', what: 'a visitor, as every page asks', paths: ['/api/auth/session'] },
      // The grid asks for 12 (NEW_TITLES_COUNT in client/src/features/catalog/catalogApi.ts).
      { name: 'home: newest titles', what: 'the "Yeni eklenenler" grid', paths: ['/api/titles?limit=12'] },
      { name: 'home: rows', what: 'latest episodes, channels, newest films', paths: ['/api/home'] },
      { name: 'home: more episodes', what: 'the second page of latest episodes', paths: ['/api/episodes/latest?page=2'] },
      { name: 'title page', what: `${formatRate(sample.length)} random titles`, paths: sample.map(titlePath) },
      {
        name: 'title page, longest series',
        what: `${formatRate(longest.seasons)} seasons, ${formatRate(longest.episodes)} episodes`,
        paths: [titlePath(longest)],
      },
      { name: 'search', what: `${SEARCH_TERMS.length} Turkish terms`, paths: SEARCH_TERMS.map(searchPath) },
      await distinctSearchRead(client),
      await unseenTitleRead(client, [...sample, longest], titlePath),
    ];
  } finally {
    await client.end().catch(() => undefined);
  }
}

/**
 * EXPLAIN (ANALYZE, BUFFERS) of the query SearchService runs for `term`, built by the built
 * server's own code, so the plan is the one the app gets. Returns the plan's lines.
 */
export async function explainSearch({ root, databaseUrl, term }) {
  require('reflect-metadata');
  const { DataSource } = require('typeorm');
  const dist = join(root, 'server', 'dist');
  const { dataSourceOptions } = require(join(dist, 'platform', 'database', 'data-source.js'));
  const { Title } = require(join(dist, 'catalog', 'entities', 'title.entity.js'));
  const { SearchService } = require(join(dist, 'catalog', 'search', 'search.service.js'));
  const dataSource = await new DataSource(dataSourceOptions(databaseUrl, [Title])).initialize();
  try {
    const search = new SearchService(dataSource.getRepository(Title));
    const [sql, parameters] = search.titleSearch(foldForSearch(term), SEARCH_RULES.liveLimit).getQueryAndParameters();
    const plan = await dataSource.query(`EXPLAIN (ANALYZE, BUFFERS) ${sql}`, parameters);
    return plan.map((row) => row['QUERY PLAN']);
  } finally {
    await dataSource.destroy();
  }
}

/**
 * Watches the app's connections to its database from outside (an admin connection, so the
 * watching adds nothing): transactions committed (every query outside a transaction is one),
 * and the CPU time of the backends when PostgreSQL runs on this machine.
 */
export class DatabaseMeter {
  #client;
  #database;

  constructor(adminUrl, database) {
    this.#client = new pg.Client({ connectionString: adminUrl });
    this.#database = database;
  }

  connect() {
    return this.#client.connect();
  }

  close() {
    return this.#client.end().catch(() => undefined);
  }

  /**
   * { transactions, connections, cpu: Map<pid, seconds | null> } once the counters are current:
   * backends report them when idle, at most once a second, hence the pause.
   */
  async sample() {
    await sleep(STATISTICS_DELAY_MS);
    const { rows: [stats] } = await this.#client.query(
      'SELECT (xact_commit + xact_rollback)::float8 AS transactions FROM pg_stat_database WHERE datname = $1',
      [this.#database],
    );
    const { rows: backends } = await this.#client.query(
      "SELECT pid FROM pg_stat_activity WHERE datname = $1 AND application_name = 'seyirlik'",
      [this.#database],
    );
    return { transactions: stats.transactions, connections: backends.length, cpu: new Map(backends.map(({ pid }) => [pid, cpuSeconds(pid)])) };
  }

  /** What happened since `before` (a sample); a backend opened meanwhile counts from zero. */
  async since(before) {
    const after = await this.sample();
    const times = [...after.cpu].map(([pid, seconds]) => (seconds === null ? null : seconds - (before.cpu.get(pid) ?? 0)));
    return {
      transactions: after.transactions - before.transactions,
      connections: after.connections,
      cpu: times.includes(null) ? null : times.reduce((sum, seconds) => sum + seconds, 0),
    };
  }
}
