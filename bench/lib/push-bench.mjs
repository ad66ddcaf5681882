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
 * registered with `cleanup`. `label` names them ("chat": "chat server 1", …). Answers
 * { database, app, bare } (app and bare: [{ handle, url }]).
 */
export async function startPushTargets({ root, settings, cleanup, label, processes }) {
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
  console.log(`  app on ${app.map((target) => target.url).join(', ')}; baseline on ${bare.map((target) => target.url).join(', ')}`);
  return { database, app, bare };
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

/**
 * One push measurement: `sockets` connected on their processes and joined to their channels
 * (`event` timed on each), then `send(sender, text)` at `rate` per second rotating over `senders`
 * (the warm-up's latencies are not kept), every receipt timed. `receiptsPerSend`: how many sockets
 * each send reaches. Answers the latencies and counters, and the servers' CPU over the measured window.
 */
export async function measurePush({ sockets, senders, targets, send, event, receiptsPerSend, rate, warmupMs, drainMs, seconds, signal }) {
  const urls = targets.map((target) => target.url);
  let sentAt = new Map();
  let latencies = [];
  /** Each receipt's send time with its latency, for the run's slowest second. */
  let timed = [];
  const connected = await connectClients(
    sockets,
    urls,
    (message) => {
      const at = sentAt.get(message.text);
      if (at === undefined) return;
      const latency = performance.now() - at;
      latencies.push(latency);
      timed.push([at, latency]);
    },
    { event },
  );
  try {
    await sendSteadily({ clients: senders, rate, durationMs: warmupMs, send, sentAt, signal });
    await sleep(drainMs);
    sentAt = new Map();
    latencies = [];
    timed = [];
    const measuredFrom = performance.now();
    const { result: outcome, cpuMsPerSecond } = await withCpu(
      targets.map((target) => target.handle),
      () => sendSteadily({ clients: senders, rate, durationMs: seconds * 1000, send, sentAt, signal }),
    );
    await sleep(drainMs);
    const sorted = latencies.sort((a, b) => a - b);
    return {
      ...outcome,
      expected: outcome.sent * receiptsPerSend,
      received: sorted.length,
      p50: percentile(sorted, 0.5),
      p90: percentile(sorted, 0.9),
      p99: percentile(sorted, 0.99),
      max: sorted.at(-1),
      slowestSecond: slowestSecond(timed, measuredFrom),
      answerP50: percentile(outcome.answers, 0.5),
      answerP99: percentile(outcome.answers, 0.99),
      cpuMsPerSecond,
    };
  } finally {
    closeSockets(connected);
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
