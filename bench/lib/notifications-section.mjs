// The new-episode fan-out section of the bench (issue #13): two app processes on one Redis and a
// throw-away database, a series with 100,000 followers (members, follows and 1,000 sessions
// written with set-based SQL, not through the API), 1,000 of the followers connected by sockets
// spread over both processes. A new episode is imported with the built CLI to air a few seconds
// later; the release scheduler of one process releases it at its air time and the fan-out job
// (BullMQ) tells every follower. Measured from the air time: when every notification is stored
// (the last follower's row looked up every 50 ms: the job goes in member order, a chunk per
// transaction) and when every online follower has it on its socket, and per online follower the
// time from its notification's transaction to its socket.
import { writeFileSync, mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { io } from 'socket.io-client';
import { importCatalogFile } from './catalog-data.mjs';
import { percentile } from './chat-load.mjs';
import { startProcesses } from './push-bench.mjs';
import { cpuSeconds } from './cpu.mjs';
import { createBenchDatabase } from './database.mjs';
import { formatMs, formatRate, heading, table } from './format.mjs';
import { deleteKeysWithPrefix } from './redis.mjs';

const require = createRequire(import.meta.url);
const { SESSION_COOKIE, SOCKET_PATH } = require('@seyirlik/shared-contracts');

const LOAD = {
  processes: 2,
  /** The new episode airs this long after its import starts: the CLI's start and one scheduler look fit in it. */
  leadMs: 12_000,
  storedPollMs: 50,
  waitMs: 120_000,
  connectConcurrency: 50,
};
const STORED_TARGET_MS = 10_000;
const ONLINE_TARGET_MS = 2_000;
const DEFAULT_REDIS_URL = 'redis://127.0.0.1:6379';
const SERIES_SLUG = 'takip-dizisi';
const TOKEN_PREFIX = 'bench-fan-';

/** The catalog file: one series, its first episode long aired, and `newEpisode` when given. */
function catalogFile(newEpisode) {
  const episode = (number, airAt) => ({
    number,
    name: `${number}. Bölüm`,
    airAt,
    durationSeconds: 2700,
    sources: [{ name: 'Seyirlik', kind: 'mp4', link: '/media/demo/bars.mp4', tiers: ['360p'] }],
  });
  return {
    genres: [{ slug: 'dram', name: 'Dram' }],
    channels: [],
    ads: [],
    titles: [
      {
        slug: SERIES_SLUG,
        kind: 'dizi',
        name: 'Takip Dizisi',
        originalName: 'Takip Dizisi',
        year: 2025,
        imdb: 7.5,
        genres: ['dram'],
        description: 'Yüz bin takipçili bir deneme dizisi.',
        seasons: [{ number: 1, episodes: [episode(1, '2025-05-01T18:00:00Z'), ...(newEpisode ? [episode(2, newEpisode.airAt)] : [])] }],
      },
    ],
  };
}

/**
 * `followers` members following the series, and a session for `online` of them spread evenly over
 * the member ids (so they fall in every chunk of the fan-out), in a few statements. Answers the
 * title id and the online members' ids.
 */
async function seedAudience(client, { followers, online }) {
  const [{ id: titleId }] = (await client.query('SELECT id FROM title WHERE slug = $1', [SERIES_SLUG])).rows;
  await client.query(
    `INSERT INTO app_user (username, email, password_hash, profile_name)
     SELECT 'takipci' || i, 'takipci' || i || '@example.com', 'bench-no-login', 'Takipçi ' || i FROM generate_series(1, $1::int) AS i`,
    [followers],
  );
  await client.query("INSERT INTO title_follow (user_id, title_id) SELECT id, $1 FROM app_user WHERE username LIKE 'takipci%'", [titleId]);
  const step = Math.max(1, Math.floor(followers / online));
  const { rows } = await client.query(
    `INSERT INTO user_session (user_id, token_hash, remember, expires_at)
     SELECT id, sha256(convert_to($1 || id, 'UTF8')), true, now() + interval '1 day'
       FROM (SELECT id, row_number() OVER (ORDER BY id) AS n FROM app_user WHERE username LIKE 'takipci%') members
      WHERE n % $2 = 0 ORDER BY id LIMIT $3
     RETURNING user_id`,
    [TOKEN_PREFIX, step, online],
  );
  await client.query('ANALYZE app_user, title_follow, user_session');
  const [{ last }] = (await client.query('SELECT max(user_id) AS last FROM title_follow WHERE title_id = $1', [titleId])).rows;
  return { titleId, lastFollowerId: last, onlineIds: rows.map((row) => row.user_id) };
}

/** Runs `work(item, index)` over `items`, at most `concurrency` at a time. */
async function inBatches(items, concurrency, work) {
  const results = new Array(items.length);
  let next = 0;
  const worker = async () => {
    for (let index = next++; index < items.length; index = next++) results[index] = await work(items[index], index);
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return results;
}

/** One socket per online member, alternating over the processes; each first `notification.created` for `link` is recorded. */
async function connectFollowers(onlineIds, urls, link, receipts) {
  return inBatches(onlineIds, LOAD.connectConcurrency, async (userId, index) => {
    const socket = io(urls[index % urls.length], {
      path: SOCKET_PATH,
      transports: ['websocket'],
      reconnection: false,
      extraHeaders: { cookie: `${SESSION_COOKIE}=${TOKEN_PREFIX}${userId}` },
    });
    await new Promise((resolve, reject) => {
      socket.once('connect', resolve);
      socket.once('connect_error', reject);
    });
    socket.on('notification.created', ({ notification }) => {
      if (notification.link !== link || receipts.has(userId)) return;
      receipts.set(userId, { at: Date.now(), createdAt: Date.parse(notification.createdAt) });
    });
    return socket;
  });
}

/** Resolves with the time `check()` first held (polled every `intervalMs`), or null after LOAD.waitMs. */
async function timeWhen(check, intervalMs, signal) {
  const deadline = Date.now() + LOAD.waitMs;
  while (Date.now() < deadline && !signal?.aborted) {
    if (await check()) return Date.now();
    await sleep(intervalMs);
  }
  return null;
}

const totalCpu = (handles) => {
  const values = handles.map((handle) => cpuSeconds(handle.child.pid));
  return values.includes(null) ? null : values.reduce((sum, value) => sum + value, 0);
};

/**
 * Runs the whole section; `cleanup.add` / `cleanup.addChild` take what must be released.
 * Answers the measurements, or throws when something could not run.
 */
export async function runNotificationsSection({ root, settings, cleanup, signal }) {
  const { followers, online } = settings.fanOut;
  const redisUrl = settings.redisUrl || DEFAULT_REDIS_URL;
  console.log(
    heading(`New-episode fan-out: ${formatRate(followers)} followers, ${formatRate(online)} of them on sockets over ${LOAD.processes} processes`),
  );

  const database = await createBenchDatabase(settings.adminDatabaseUrl);
  cleanup.add(`drop database ${database.name}`, () => database.drop());
  const workDir = mkdtempSync(join(tmpdir(), 'seyirlik-bench-fan-out-'));
  cleanup.add(`remove ${workDir}`, () => rmSync(workDir, { recursive: true, force: true }));
  const prefix = database.name;
  cleanup.add(`delete Redis keys ${prefix}:*`, () => deleteKeysWithPrefix(redisUrl, prefix));

  const app = await startProcesses({
    name: 'fan-out server',
    script: join(root, 'server', 'dist', 'main.js'),
    count: LOAD.processes,
    root,
    cleanup,
    env: { LOG_LEVEL: 'warn', DATABASE_URL: database.url, REDIS_URL: redisUrl, REDIS_PREFIX: prefix, DATA_DIR: workDir },
  });
  const urls = app.map((target) => target.url);
  console.log(`  app on ${urls.join(', ')}`);

  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  const receipts = new Map();
  let sockets = [];
  try {
    const setupStarted = performance.now();
    const file = join(workDir, 'catalog.json');
    writeFileSync(file, JSON.stringify(catalogFile(null)));
    await importCatalogFile({ root, databaseUrl: database.url, file, what: 'the series' });
    const { onlineIds, lastFollowerId } = await seedAudience(client, { followers, online });
    const link = `/dizi/${SERIES_SLUG}/1-sezon/2-bolum`;
    sockets = await connectFollowers(onlineIds, urls, link, receipts);
    console.log(
      `  set up in ${((performance.now() - setupStarted) / 1000).toFixed(1)} s: ${formatRate(followers)} members and follows and ${formatRate(onlineIds.length)} sessions by SQL, ${formatRate(sockets.length)} sockets connected`,
    );

    const airAt = Date.now() + LOAD.leadMs;
    writeFileSync(file, JSON.stringify(catalogFile({ airAt: new Date(airAt).toISOString() })));
    await importCatalogFile({ root, databaseUrl: database.url, file, what: 'the new episode' });
    const importedBeforeAir = Date.now() < airAt;
    const [{ id: episodeId }] = (
      await client.query(
        "SELECT e.id FROM episode e JOIN title t ON t.id = e.title_id WHERE t.slug = $1 AND e.number = 2",
        [SERIES_SLUG],
      )
    ).rows;
    const groupKey = `episode:${episodeId}`;
    await sleep(Math.max(0, airAt - Date.now()));
    const cpuBefore = totalCpu(app.map((target) => target.handle));
    const storedAt = await timeWhen(
      async () => (await client.query('SELECT 1 FROM notification WHERE user_id = $1 AND group_key = $2', [lastFollowerId, groupKey])).rowCount > 0,
      LOAD.storedPollMs,
      signal,
    );
    const deliveredAt = await timeWhen(() => receipts.size >= onlineIds.length, 10, signal);
    const cpuAfter = totalCpu(app.map((target) => target.handle));
    const [stats] = (
      await client.query(
        `SELECT count(*)::int AS stored,
                (EXTRACT(EPOCH FROM min(n.created_at)) * 1000)::float8 AS first_at,
                (EXTRACT(EPOCH FROM max(n.created_at)) * 1000)::float8 AS last_at,
                (SELECT EXTRACT(EPOCH FROM r.released_at) * 1000 FROM episode_release r WHERE r.episode_id = $2)::float8 AS released_at
           FROM notification n WHERE n.group_key = $1`,
        [groupKey, episodeId],
      )
    ).rows;
    const pushLatencies = [...receipts.values()].map((receipt) => receipt.at - receipt.createdAt).sort((a, b) => a - b);
    const lastReceipt = Math.max(...[...receipts.values()].map((receipt) => receipt.at));
    return {
      followers,
      online: onlineIds.length,
      importedBeforeAir,
      stored: stats.stored,
      releasedAfterMs: stats.released_at - airAt,
      firstStoredAfterMs: stats.first_at - airAt,
      storedAfterMs: storedAt === null ? null : storedAt - airAt,
      received: receipts.size,
      deliveredAfterMs: deliveredAt === null ? (receipts.size > 0 ? lastReceipt - airAt : null) : deliveredAt - airAt,
      pushP50: percentile(pushLatencies, 0.5),
      pushP99: percentile(pushLatencies, 0.99),
      pushMax: pushLatencies.at(-1),
      cpuSeconds: cpuBefore === null || cpuAfter === null ? null : cpuAfter - cpuBefore,
    };
  } finally {
    for (const socket of sockets) socket.close();
    await client.end().catch(() => undefined);
  }
}

/** Stored per second, counted from the release (the fan-out's own rate). */
const storedRate = (section) => (section.storedAfterMs === null ? NaN : section.stored / ((section.storedAfterMs - section.releasedAfterMs) / 1000));
const deliveredRate = (section) =>
  section.deliveredAfterMs === null ? NaN : section.received / ((section.deliveredAfterMs - section.releasedAfterMs) / 1000);
const storedInTime = (section) => section.storedAfterMs !== null && section.storedAfterMs <= STORED_TARGET_MS;
const onlineInTime = (section) => section.received === section.online && section.pushMax <= ONLINE_TARGET_MS;

/** Problems to report: notifications not stored or not delivered, an import slower than the lead time. */
export function notificationsProblems(section) {
  const problems = [];
  if (section.stored < section.followers) problems.push(`fan-out: ${section.followers - section.stored} of ${section.followers} notifications not stored`);
  if (section.received < section.online) problems.push(`fan-out: ${section.online - section.received} of ${section.online} online followers got no push`);
  if (!section.importedBeforeAir) problems.push(`fan-out: the import took longer than the ${LOAD.leadMs / 1000} s lead, the release was not timed from its air time`);
  return problems;
}

export function printNotificationsResults(section) {
  console.log(
    heading(`New-episode fan-out: ${formatRate(section.followers)} followers, ${formatRate(section.online)} online (times from the episode's air time)`),
  );
  const seconds = (ms) => (ms === null || !Number.isFinite(ms) ? '-' : (ms / 1000).toFixed(2));
  const columns = [{ title: 'step' }, { title: 's after air time', align: 'right' }, { title: 'count', align: 'right' }, { title: 'per second', align: 'right' }];
  const rows = [
    ['released (scheduler claimed it, event in the outbox)', seconds(section.releasedAfterMs), '1', '-'],
    ['first notification stored (its chunk began)', seconds(section.firstStoredAfterMs), '-', '-'],
    ['every notification stored', seconds(section.storedAfterMs), formatRate(section.stored), formatRate(storedRate(section))],
    ['every online follower has it on its socket', seconds(section.deliveredAfterMs), formatRate(section.received), formatRate(deliveredRate(section))],
  ];
  for (const line of table(columns, rows)) console.log(line);
  console.log(
    `push per online follower, from its notification's transaction to its socket: p50 ${formatMs(section.pushP50)} ms, p99 ${formatMs(section.pushP99)} ms, max ${formatMs(section.pushMax)} ms`,
  );
  console.log(
    `all stored within ${STORED_TARGET_MS / 1000} s: ${storedInTime(section) ? 'yes' : 'NO'}; every online follower within ${ONLINE_TARGET_MS / 1000} s of being stored: ${onlineInTime(section) ? 'yes' : 'NO'}` +
      (section.cpuSeconds === null ? '' : `; app CPU ${section.cpuSeconds.toFixed(2)} s (both processes, air time to last push)`),
  );
  console.log(
    "(stored: the last follower's row looked up every 50 ms, then all counted; per second: from the release; push: from the chunk transaction's start (created_at), so the chunk's own statement is included)",
  );
}

/** Summary lines ([label, text]) for the section. */
export function notificationsSummaryLines(section) {
  const seconds = (ms) => (ms === null ? '-' : `${(ms / 1000).toFixed(2)} s`);
  return [
    [
      'fan-out stored',
      `${formatRate(section.stored)} notifications ${seconds(section.storedAfterMs)} after air time (${formatRate(storedRate(section))}/s): within ${STORED_TARGET_MS / 1000} s ${storedInTime(section) ? 'met' : 'MISSED'}`,
    ],
    [
      'fan-out online',
      `${formatRate(section.received)}/${formatRate(section.online)} sockets by ${seconds(section.deliveredAfterMs)}, push p99 ${formatMs(section.pushP99)} ms, max ${formatMs(section.pushMax)} ms after storing: within ${ONLINE_TARGET_MS / 1000} s ${onlineInTime(section) ? 'met' : 'MISSED'}`,
    ],
  ];
}
