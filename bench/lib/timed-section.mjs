// The timed comments section of the bench: an episode of the demo catalog with 10,000 timed
// comments (written by SQL), read by 50 concurrent viewers each at a playhead of its own (the window
// around it) and by the heat strip, through the server as deployed (its read cache as in
// production: both are public reads, answered from memory after their first viewers), against the
// 20 ms p99 target and next to the uncached session read of the same run (a second process on the same
// database with READ_CACHE_SECONDS=0: the request pipeline's own cost), which also shows the two reads
// computed on every request.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { importDemoCatalog } from './catalog-data.mjs';
import { registerMembers } from './chat-load.mjs';
import { createBenchDatabase } from './database.mjs';
import { formatMs, formatRate, heading, table } from './format.mjs';
import { freePort, startNode, waitForHealthy } from './processes.mjs';
import { runScenarios } from './scenarios.mjs';

/** Timed comments on the episode, and the members who wrote them. */
const LOAD = { comments: 10_000, authors: 20 };
/** Each read's p99 should stay under this at the bench's concurrency. */
const P99_TARGET_MS = 20;
/** The window a player reads around its playhead (TIMED_COMMENT_RULES.windowSeconds). */
const WINDOW_SECONDS = 60;
const UNCACHED = 'server, no read cache';
const START_TIMEOUT_MS = 60_000;

/**
 * Writes LOAD.comments timed comments on the demo's longest aired episode: spread over its whole
 * length, with one in five gathered in two minutes at 60 % of it (what the heat strip shows), then
 * VACUUM ANALYZE so the lane's index answers alone, as on a settled table.
 */
async function seed(databaseUrl, authorIds) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const {
      rows: [episode],
    } = await client.query('SELECT id, title_id, duration_seconds FROM episode WHERE air_at <= now() ORDER BY duration_seconds DESC, id LIMIT 1');
    await client.query(
      `WITH e AS (SELECT $1::int AS title_id, $2::int AS id, $3::int AS d)
       INSERT INTO comment (user_id, title_id, episode_id, position_seconds, text)
       SELECT ($4::int[])[1 + n % cardinality($4::int[])], e.title_id, e.id,
              least(e.d, CASE WHEN n % 5 = 0 THEN e.d * 6 / 10 + n % 120 ELSE (n::bigint * 7919) % (e.d + 1) END),
              'Zamanlı yorum ' || n
         FROM e, generate_series(1, $5::int) AS n`,
      [episode.title_id, episode.id, episode.duration_seconds, authorIds, LOAD.comments],
    );
    await client.query('VACUUM ANALYZE comment');
    return { episodeId: episode.id, durationSeconds: episode.duration_seconds };
  } finally {
    await client.end();
  }
}

/** Starts an app process on `env` and registers it with `cleanup`; answers the target. */
async function startApp(name, root, env, cleanup) {
  const port = await freePort();
  const handle = startNode(name, join(root, 'server', 'dist', 'main.js'), { cwd: root, env: { ...process.env, ...env, PORT: String(port) } });
  cleanup.addChild(handle);
  await waitForHealthy(handle, port, { timeoutMs: START_TIMEOUT_MS });
  return { name, port, handle };
}

/** Runs the whole section; `cleanup` takes what must be released. Answers the measurements, or throws when something could not run. */
export async function runTimedSection({ root, settings, cleanup, signal }) {
  console.log(heading(`Timed comments: an episode with ${formatRate(LOAD.comments)} timed comments, ${settings.concurrency} concurrent viewers`));
  const database = await createBenchDatabase(settings.adminDatabaseUrl);
  cleanup.add(`drop database ${database.name}`, () => database.drop());
  const workDir = mkdtempSync(join(tmpdir(), 'seyirlik-bench-timed-'));
  cleanup.add(`remove ${workDir}`, () => rmSync(workDir, { recursive: true, force: true }));

  // As deployed: one process on PostgreSQL (and Redis when REDIS_URL is set), its read cache as configured in production.
  const env = { LOG_LEVEL: 'warn', DATABASE_URL: database.url, REDIS_URL: settings.redisUrl, REDIS_PREFIX: database.name, DATA_DIR: workDir, TRUST_PROXY: 'true' };
  const server = await startApp('server', root, env, cleanup);
  await importDemoCatalog({ root, databaseUrl: database.url, workDir });
  const authors = await registerMembers(`http://127.0.0.1:${server.port}`, LOAD.authors);
  const episode = await seed(
    database.url,
    authors.map((author) => author.userId),
  );
  const uncached = await startApp(UNCACHED, root, { ...env, READ_CACHE_SECONDS: '0' }, cleanup);
  console.log(`  episode ${episode.episodeId} (${episode.durationSeconds} s) seeded by SQL; server on 127.0.0.1:${server.port}, uncached on 127.0.0.1:${uncached.port}`);

  // Viewers are at different points of the episode: each request asks the window of another playhead.
  const windows = Array.from({ length: Math.ceil(episode.durationSeconds / WINDOW_SECONDS) }, (_, index) => {
    const from = index * WINDOW_SECONDS;
    return `/api/episodes/${episode.episodeId}/timed-comments?from=${from}&to=${from + WINDOW_SECONDS}`;
  });
  const headers = { accept: 'application/json' };
  const scenarios = {
    window: { name: 'timed: window at the playhead', what: `${windows.length} distinct ${WINDOW_SECONDS} s windows in turn`, paths: windows, headers },
    heat: { name: 'timed: heat strip', what: 'one query over the episode', paths: [`/api/episodes/${episode.episodeId}/timed-comments/heat`], headers },
    session: { name: 'session read', what: 'a visitor, as every page asks', paths: ['/api/auth/session'], headers },
  };
  const load = { concurrency: settings.concurrency, seconds: settings.seconds, maxRequests: settings.maxRequests };
  // The server as deployed answers the reads (from its cache after their first viewers); the uncached
  // process shows the same reads computed on every request, and the session read's floor.
  const results = [
    ...(await runScenarios([scenarios.window, scenarios.heat], [server], load, signal)),
    ...(await runScenarios([scenarios.window, scenarios.heat, scenarios.session], [uncached], load, signal)),
  ];
  return { episode, results, concurrency: settings.concurrency, windowCount: windows.length };
}

const find = (section, name, target) => section.results.find((result) => result.scenario.name.startsWith(name) && result.target === target && !result.error);

/** Problems to report: reads that could not be measured. */
export function timedProblems(section) {
  return section.results.filter((result) => result.error).map((result) => `timed read "${result.scenario.name}" against ${result.target}: ${result.error}`);
}

const verdict = (result) => (result.p99 < P99_TARGET_MS ? 'met' : 'MISSED');

export function printTimedResults(section) {
  console.log(heading(`Timed comments, ${formatRate(LOAD.comments)} on episode ${section.episode.episodeId}, ${section.concurrency} concurrent viewers (same run)`));
  const columns = [
    { title: 'read' },
    { title: 'target' },
    { title: 'body bytes', align: 'right' },
    { title: 'requests', align: 'right' },
    { title: 'req/s', align: 'right' },
    { title: 'p50 ms', align: 'right' },
    { title: 'p99 ms', align: 'right' },
    { title: 'errors', align: 'right' },
    { title: 'app CPU ms/req', align: 'right' },
  ];
  const rows = section.results.map((result) =>
    result.error
      ? [result.scenario.name, result.target, '-', '-', '-', '-', '-', '-', '-']
      : [
          result.scenario.name,
          result.target,
          formatRate(result.bytes),
          formatRate(result.requests),
          formatRate(result.rps),
          formatMs(result.p50),
          formatMs(result.p99),
          formatRate(result.errors),
          result.usage.appCpuMs === null ? '-' : formatMs(result.usage.appCpuMs),
        ],
  );
  for (const line of table(columns, rows)) console.log(line);
  const session = find(section, 'session read', UNCACHED);
  for (const name of ['timed: window', 'timed: heat']) {
    const result = find(section, name, 'server');
    if (!result) continue;
    const computed = find(section, name, UNCACHED);
    const reference = session ? `; uncached session read p99 ${formatMs(session.p99)} ms (${(result.p99 / session.p99).toFixed(2)}x)` : '';
    const everyTime = computed ? `; computed on every request p99 ${formatMs(computed.p99)} ms` : '';
    console.log(`${name}: p50 ${formatMs(result.p50)} ms, p99 ${formatMs(result.p99)} ms, target p99 < ${P99_TARGET_MS} ms: ${verdict(result)}${reference}${everyTime}`);
  }
}

/** Summary lines ([label, text]) for the timed comments section. */
export function timedSummaryLines(section) {
  const session = find(section, 'session read', UNCACHED);
  return ['timed: window', 'timed: heat'].map((name) => {
    const result = find(section, name, 'server');
    if (!result) return [name, 'not measured'];
    return [
      name,
      `p50 ${formatMs(result.p50)} ms, p99 ${formatMs(result.p99)} ms at ${section.concurrency} viewers (target < ${P99_TARGET_MS} ms: ${verdict(result)}; uncached session read p99 ${session ? formatMs(session.p99) : '-'} ms)`,
    ];
  });
}
