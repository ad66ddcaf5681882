// What the push sections of the bench share (the watch-together chat, private messages): two app
// processes on one Redis and a throw-away database beside two bare Socket.IO processes, the timed
// push measurement (sends at a steady rate, each receiving socket's latency, the slowest second,
// the servers' CPU) and its latency table.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { closeSockets, connectClients, percentile, sendSteadily } from './chat-load.mjs';
import { cpuSeconds } from './cpu.mjs';
import { createBenchDatabase } from './database.mjs';
import { formatMs, formatRate, table } from './format.mjs';
import { freePort, startNode, waitForHealthy } from './processes.mjs';
import { deleteKeysWithPrefix } from './redis.mjs';

export const DEFAULT_REDIS_URL = 'redis://127.0.0.1:6379';
const START_TIMEOUT_MS = 60_000;

/** CPU seconds of the processes, summed; null where /proc cannot tell. */
function totalCpu(handles) {
  const values = handles.map((handle) => cpuSeconds(handle.child.pid));
  return values.includes(null) ? null : values.reduce((sum, value) => sum + value, 0);
}

/** Runs `work` and answers its result with the processes' CPU in ms per second of wall time. */
export async function withCpu(handles, work) {
  const cpuBefore = totalCpu(handles);
  const started = performance.now();
  const result = await work();
  const cpuAfter = totalCpu(handles);
  const seconds = (performance.now() - started) / 1000;
  const cpuMsPerSecond = cpuBefore === null || cpuAfter === null ? null : ((cpuAfter - cpuBefore) * 1000) / seconds;
  return { result, cpuMsPerSecond };
}

/** Starts `count` processes of `script` on ports of their own, one after the other (the first migrates). */
export async function startProcesses({ name, script, count, env, cleanup, root }) {
  const started = [];
  for (let index = 0; index < count; index += 1) {
    const port = await freePort();
    const handle = startNode(`${name} ${index + 1}`, script, {
      cwd: root,
      env: { ...process.env, ...env, PORT: String(port) },
    });
    cleanup.addChild(handle);
    await waitForHealthy(handle, port, { timeoutMs: START_TIMEOUT_MS });
    started.push({ handle, url: `http://127.0.0.1:${port}` });
  }
  return started;
}

/**
 * A throw-away database, `processes` app processes on it and on one Redis (REDIS_URL or the
 * default), and as many bare Socket.IO processes (chat-bare-server.mjs) on the same Redis, each
 * registered with `cleanup`. `label` names them ("chat": "chat server 1", …). With
 * `durableBaseline`, as many bare processes again that write each send to the database before
 * emitting it (see chat-bare-server.mjs). Answers { database, app, bare, durable } (each a list of
 * { handle, url }; durable empty without `durableBaseline`).
 */
export async function startPushTargets({ root, settings, cleanup, label, processes, durableBaseline = false }) {
  const redisUrl = settings.redisUrl || DEFAULT_REDIS_URL;
  const database = await createBenchDatabase(settings.adminDatabaseUrl);
  cleanup.add(`drop database ${database.name}`, () => database.drop());
  const dataDir = mkdtempSync(join(tmpdir(), `seyirlik-bench-${label}-`));
  cleanup.add(`remove ${dataDir}`, () => rmSync(dataDir, { recursive: true, force: true }));
  const prefix = database.name;
  cleanup.add(`delete Redis keys ${prefix}:*`, () => deleteKeysWithPrefix(redisUrl, prefix));

  const app = await startProcesses({
    name: `${label} server`,
    script: join(root, 'server', 'dist', 'main.js'),
    count: processes,
    root,
    cleanup,
    // TRUST_PROXY: registrations come from one machine, each member with an address of its own.
    env: {
      LOG_LEVEL: 'warn',
      DATABASE_URL: database.url,
      REDIS_URL: redisUrl,
      REDIS_PREFIX: prefix,
      DATA_DIR: dataDir,
      TRUST_PROXY: 'true',
    },
  });
  const bare = await startProcesses({
    name: `${label} baseline`,
    script: join(root, 'bench', 'lib', 'chat-bare-server.mjs'),
    count: processes,
    root,
    cleanup,
    env: { REDIS_URL: redisUrl, REDIS_PREFIX: `${prefix}-bare` },
  });
  const durable = durableBaseline
    ? await startProcesses({
        name: `${label} durable baseline`,
        script: join(root, 'bench', 'lib', 'chat-bare-server.mjs'),
        count: processes,
        root,
        cleanup,
        env: { REDIS_URL: redisUrl, REDIS_PREFIX: `${prefix}-durable`, DATABASE_URL: database.url },
      })
    : [];
  const urls = (targets) => targets.map((target) => target.url).join(', ');
  console.log(`  app on ${urls(app)}; baseline on ${urls(bare)}${durableBaseline ? `; durable baseline on ${urls(durable)}` : ''}`);
  return { database, app, bare, durable };
}

/**
 * The second of the run (by send time) whose receipts had the highest p99: a stall shows here
 * even when the whole run's percentiles hide it.
 */
function slowestSecond(timed, from) {
  const seconds = new Map();
  for (const [at, latency] of timed) {
    const second = Math.floor((at - from) / 1000);
    const list = seconds.get(second) ?? [];
    list.push(latency);
    seconds.set(second, list);
  }
  let slowest = null;
  for (const [second, list] of seconds) {
    const p99 = percentile(list.sort((a, b) => a - b), 0.99);
    if (!slowest || p99 > slowest.p99) slowest = { second: second + 1, p99, receipts: list.length };
  }
  return slowest;
}

/** Timed receipts of one target: each message's send time by its text, and each receipt's latency. */
function receiptLog() {
  return { sentAt: new Map(), latencies: [], timed: [] };
}

/** Connects `sockets` to `targets` and times each receipt of `event` into `log` (whose maps may be replaced). */
function connectTimed(sockets, targets, event, log) {
  return connectClients(
    sockets,
    targets.map((target) => target.url),
    (message) => {
      const at = log.current.sentAt.get(message.text);
      if (at === undefined) return;
      const latency = performance.now() - at;
      log.current.latencies.push(latency);
      log.current.timed.push([at, latency]);
    },
    { event },
  );
}

/** The figures of one target's measured sends (`outcome`, as sendSteadily answers) and receipts. */
function pushFigures({ log, outcome, receiptsPerSend, measuredFrom, cpuMsPerSecond }) {
  const sorted = log.latencies.sort((a, b) => a - b);
  return {
    ...outcome,
    expected: outcome.sent * receiptsPerSend,
    received: sorted.length,
    p50: percentile(sorted, 0.5),
    p90: percentile(sorted, 0.9),
    p99: percentile(sorted, 0.99),
    max: sorted.at(-1),
    slowestSecond: slowestSecond(log.timed, measuredFrom),
    answerP50: percentile(outcome.answers, 0.5),
    answerP99: percentile(outcome.answers, 0.99),
    cpuMsPerSecond,
  };
}

/** A pause between two rounds of a paired measurement, for the last receipts of one to land before the other sends. */
const ROUND_GAP_MS = 300;

/**
 * Push measurements of the same shape (the app and its baselines, `sides`: [{ sockets, senders,
 * targets, send, prepare? }]; `prepare(connected)`, when given, runs once the side's sockets are
 * joined and may answer a function that undoes it at the end) taken in alternating rounds of
 * `roundSeconds` (A B B A A B …; with three sides A B C C B A …), with `seconds` of sends for each
 * side in all and every side's sockets connected throughout. This machine pauses every process now and then for a
 * fraction of a second (its memory reclaim): one such pause would fall wholly on whichever side ran
 * at that moment, and a 20 s run of each side one after the other made the ratio of their p99 a
 * matter of luck. Alternating gives both sides the same chance of a pause, and the longer total
 * keeps one pause from being the p99. The warm-up's latencies are not kept. Answers one figure set
 * per side (the latencies, the counters and the servers' CPU over the side's rounds); the slowest
 * second counts from the first round.
 */
export async function measurePushPair({ sides, event, receiptsPerSend, rate, warmupMs, drainMs, seconds, roundSeconds, signal }) {
  const logs = sides.map(() => ({ current: receiptLog() }));
  const connected = [];
  const unprepare = [];
  try {
    for (const [index, side] of sides.entries()) {
      const sockets = await connectTimed(side.sockets, side.targets, event, logs[index]);
      connected.push(sockets);
      if (side.prepare) unprepare.push(await side.prepare(sockets));
    }
    for (const [index, side] of sides.entries()) {
      await sendSteadily({ clients: side.senders, rate, durationMs: warmupMs, send: side.send, sentAt: logs[index].current.sentAt, signal });
      await sleep(drainMs);
      logs[index].current = receiptLog();
    }
    const outcomes = sides.map(() => ({ sent: 0, errors: 0, firstError: null, unanswered: 0, answers: [] }));
    const cpu = sides.map(() => ({ ms: 0, seconds: 0, known: true }));
    const rounds = Math.max(1, Math.round(seconds / roundSeconds));
    const measuredFrom = performance.now();
    for (let round = 0; round < rounds && !signal?.aborted; round += 1) {
      // A B, B A, A B …: neither side always follows the other.
      const order = round % 2 === 0 ? sides.map((_, index) => index) : sides.map((_, index) => index).reverse();
      for (const index of order) {
        const side = sides[index];
        const started = performance.now();
        const { result, cpuMsPerSecond } = await withCpu(
          side.targets.map((target) => target.handle),
          () => sendSteadily({ clients: side.senders, rate, durationMs: (seconds * 1000) / rounds, send: side.send, sentAt: logs[index].current.sentAt, signal }),
        );
        const elapsed = (performance.now() - started) / 1000;
        if (cpuMsPerSecond === null) cpu[index].known = false;
        else {
          cpu[index].ms += cpuMsPerSecond * elapsed;
          cpu[index].seconds += elapsed;
        }
        const total = outcomes[index];
        total.sent += result.sent;
        total.errors += result.errors;
        total.firstError ??= result.firstError;
        total.unanswered += result.unanswered;
        total.answers.push(...result.answers);
        await sleep(ROUND_GAP_MS);
      }
    }
    await sleep(drainMs);
    return sides.map((_, index) => {
      outcomes[index].answers.sort((a, b) => a - b);
      return pushFigures({
        log: logs[index].current,
        outcome: outcomes[index],
        receiptsPerSend,
        measuredFrom,
        cpuMsPerSecond: cpu[index].known && cpu[index].seconds > 0 ? cpu[index].ms / cpu[index].seconds : null,
      });
    });
  } finally {
    for (const stop of unprepare) stop?.();
    connected.forEach(closeSockets);
  }
}

export const formatCpu = (value) => (value === null || value === undefined ? '-' : formatMs(value));

/** A one-line account of a push measurement, printed as it finishes. */
export const pushProgress = (push) =>
  `${formatRate(push.received)} of ${formatRate(push.expected)} receipts, p50 ${formatMs(push.p50)} ms, p99 ${formatMs(push.p99)} ms, ` +
  `reply p50 ${formatMs(push.answerP50)} ms, server CPU ${formatCpu(push.cpuMsPerSecond)} ms/s`;

/** Problems of the push measurements ([label, push]): failed or unanswered sends, missing receipts. */
export function pushProblems(section, measurements) {
  const problems = [];
  for (const [label, push] of measurements) {
    if (push.errors > 0) problems.push(`${section} ${label}: ${push.errors} sends failed (first: ${push.firstError})`);
    if (push.unanswered > 0) problems.push(`${section} ${label}: ${push.unanswered} sends unanswered`);
    if (push.received < push.expected) problems.push(`${section} ${label}: ${push.expected - push.received} of ${push.expected} receipts missing`);
  }
  return problems;
}

/** The latency table's lines, one row per [name, push measurement]. */
export function latencyTableLines(rows) {
  const columns = [
    { title: 'target' },
    { title: 'sent', align: 'right' },
    { title: 'failed', align: 'right' },
    { title: 'receipts', align: 'right' },
    { title: 'expected', align: 'right' },
    { title: 'p50 ms', align: 'right' },
    { title: 'p90 ms', align: 'right' },
    { title: 'p99 ms', align: 'right' },
    { title: 'max ms', align: 'right' },
    { title: 'slowest second: p99 ms', align: 'right' },
    { title: 'reply p50/p99 ms', align: 'right' },
    { title: 'server CPU ms/s', align: 'right' },
  ];
  const row = ([name, push]) => [
    name,
    formatRate(push.sent),
    formatRate(push.errors),
    formatRate(push.received),
    formatRate(push.expected),
    formatMs(push.p50),
    formatMs(push.p90),
    formatMs(push.p99),
    formatMs(push.max),
    push.slowestSecond ? `#${push.slowestSecond.second}: ${formatMs(push.slowestSecond.p99)}` : '-',
    `${formatMs(push.answerP50)} / ${formatMs(push.answerP99)}`,
    formatCpu(push.cpuMsPerSecond),
  ];
  return table(columns, rows.map(row));
}
