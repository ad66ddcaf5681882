// The catalog's reads as the site makes them (the home page's JSON calls, title pages, the live
// search), what each costs the database, and the search plan at scale.
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { cpuSeconds } from './cpu.mjs';
import { formatRate } from './format.mjs';

const require = createRequire(import.meta.url);
const { SEARCH_RULES, foldForSearch } = require('@seyirlik/shared-contracts');

/** Backends report their statistics when idle, at most once a second. */
const STATISTICS_DELAY_MS = 1100;

/** Titles whose pages are requested in turn: random over the whole catalog, the same each run. */
const TITLE_PAGE_SAMPLE = 1000;

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

/**
 * The reads to measure, each a list of paths requested in turn. The home page's calls are a
 * visitor's in client/src/features: session, newest titles, the home rows and, on "load more",
 * the next page of latest episodes (a member's continue-watching row is not a visitor's).
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
