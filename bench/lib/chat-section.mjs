// The watch-together chat section of the bench (issue #6): two app processes on one Redis and a
// throw-away database, against two bare Socket.IO processes with the same Redis adapter, in the
// same run and under the same load shape: 1,000 sockets in 50 rooms spread over both processes,
// 100 messages a second through `add_chat` spread over members and processes. Reports the
// send-to-receive latency of every receiving socket next to the baseline's, and next to a durable
// baseline's (the bare processes writing each message to PostgreSQL first: what one durable write
// costs here, for reference; the target is against the bare baseline). Then the servers' CPU for
// the same 1,000 clients as legacy `get_chat` pollers (one poll per 5 s) versus on push.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { importDemoCatalog } from './catalog-data.mjs';
import { appSend, bareSend, chatClients, createRooms, registerMembers, roomPlan, sendSteadily, startPollers } from './chat-load.mjs';
import { formatMs, formatRate, formatRatio, heading, table } from './format.mjs';
import { formatCpu, latencyTableLines, measurePushPair, pushProblems, pushProgress, startPushTargets, withCpu } from './push-bench.mjs';

// The fan-out section starts its processes with this too.
export { startProcesses } from './push-bench.mjs';

const LOAD = {
  processes: 2,
  rooms: 50,
  /** 100 members × 5 rooms each × one socket per process = 1,000 sockets, 20 per room. */
  members: 100,
  membersPerRoom: 10,
  ratePerSecond: 100,
  warmupMs: 2_000,
  /** Time for the last messages to arrive before the counting stops. */
  drainMs: 2_000,
  pollIntervalMs: 5_000,
  sendsOnlyMs: 10_000,
  /** The app and the baseline take turns of this long (see measurePushPair). */
  roundSeconds: 5,
};
const P99_TARGET_MS = 50;
const BASELINE_RATIO_TARGET = 1.5;

async function firstAiredEpisode(databaseUrl) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query('SELECT id FROM episode WHERE air_at <= now() ORDER BY id LIMIT 1');
    if (rows.length === 0) throw new Error('the demo catalog has no aired episode to open rooms on');
    return rows[0].id;
  } finally {
    await client.end();
  }
}

/**
 * The app's and the baseline's push in the chat's shape, in alternating rounds (see
 * measurePushPair): every socket a client, and a sender.
 */
function measureChatPush({ clients, app, bare, durable, seconds, signal }) {
  return measurePushPair({
    sides: [
      { sockets: clients, senders: clients, targets: app, send: appSend(app.map((target) => target.url)) },
      { sockets: clients, senders: clients, targets: bare, send: bareSend(bare.map((target) => target.url)) },
      { sockets: clients, senders: clients, targets: durable, send: bareSend(durable.map((target) => target.url)) },
    ],
    event: 'chat.messageCreated',
    receiptsPerSend: clients.length / LOAD.rooms,
    rate: LOAD.ratePerSecond,
    warmupMs: LOAD.warmupMs,
    drainMs: LOAD.drainMs,
    seconds,
    roundSeconds: LOAD.roundSeconds,
    signal,
  });
}

/** The app's CPU with the same sends and the clients as legacy pollers instead of sockets. */
async function measurePolling({ clients, app, seconds, signal }) {
  const urls = app.map((target) => target.url);
  const handles = app.map((target) => target.handle);
  const pollers = startPollers(clients, urls, LOAD.pollIntervalMs);
  try {
    // The first round (each poller's first call) reads the rooms' history: measured after it.
    const sending = sendSteadily({
      clients,
      rate: LOAD.ratePerSecond,
      durationMs: LOAD.pollIntervalMs + seconds * 1000,
      send: appSend(urls),
      sentAt: new Map(),
      signal,
    });
    await sleep(LOAD.pollIntervalMs);
    const pollsBefore = pollers.stats.polls;
    const skippedBefore = pollers.stats.skipped;
    const { cpuMsPerSecond } = await withCpu(handles, () => sleep(seconds * 1000));
    const polls = pollers.stats.polls - pollsBefore;
    const skipped = pollers.stats.skipped - skippedBefore;
    pollers.stop();
    const sends = await sending;
    return {
      cpuMsPerSecond,
      pollsPerSecond: polls / seconds,
      skippedPerSecond: skipped / seconds,
      ...pollers.stats,
      sends,
    };
  } finally {
    pollers.stop();
  }
}

/**
 * Runs the whole section; `cleanup.add` / `cleanup.addChild` take what must be released.
 * Answers the measurements, or throws when something could not run.
 */
export async function runChatSection({ root, settings, cleanup, signal }) {
  const seconds = settings.chatSeconds;
  const sockets = LOAD.rooms * LOAD.membersPerRoom * LOAD.processes;
  console.log(
    heading(
      `Watch-together chat: ${sockets} sockets in ${LOAD.rooms} rooms on ${LOAD.processes} processes, ${LOAD.ratePerSecond} add_chat/s`,
    ),
  );

  const { database, app, bare, durable } = await startPushTargets({
    root,
    settings,
    cleanup,
    label: 'chat',
    processes: LOAD.processes,
    durableBaseline: true,
  });

  const setupStarted = performance.now();
  const workDir = mkdtempSync(join(tmpdir(), 'seyirlik-bench-chat-catalog-'));
  cleanup.add(`remove ${workDir}`, () => rmSync(workDir, { recursive: true, force: true }));
  await importDemoCatalog({ root, databaseUrl: database.url, workDir });
  const episodeId = await firstAiredEpisode(database.url);
  const members = await registerMembers(app[0].url, LOAD.members);
  const plan = roomPlan(LOAD);
  const codes = await createRooms(app[0].url, plan, members, episodeId);
  const clients = chatClients(plan, codes, members, LOAD.processes);
  console.log(
    `  set up in ${((performance.now() - setupStarted) / 1000).toFixed(1)} s: demo catalog, ${LOAD.members} members registered over HTTP, ${LOAD.rooms} rooms of ${LOAD.membersPerRoom} members, ${clients.length} clients`,
  );

  const [appPush, barePush, durablePush] = await measureChatPush({ clients, app, bare, durable, seconds, signal });
  console.log(`  app push: ${pushProgress(appPush)}`);
  console.log(`  baseline push: ${pushProgress(barePush)}`);
  console.log(`  durable baseline push: ${pushProgress(durablePush)}`);
  const polling = await measurePolling({ clients, app, seconds, signal });
  console.log(
    `  legacy polling: ${polling.pollsPerSecond.toFixed(1)} get_chat/s answered, ${polling.skippedPerSecond.toFixed(1)}/s skipped (previous call still open), app CPU ${formatCpu(polling.cpuMsPerSecond)} ms/s`,
  );
  const sendsOnly = await withCpu(
    app.map((target) => target.handle),
    () =>
      sendSteadily({
        clients,
        rate: LOAD.ratePerSecond,
        durationMs: LOAD.sendsOnlyMs,
        send: appSend(app.map((target) => target.url)),
        sentAt: new Map(),
        signal,
      }),
  );
  console.log(`  sends only: app CPU ${formatCpu(sendsOnly.cpuMsPerSecond)} ms/s`);
  return {
    seconds,
    clients: clients.length,
    appPush,
    barePush,
    durablePush,
    polling,
    sendsOnly,
  };
}

/** Problems to report: sends or polls that failed, messages that never arrived. */
export function chatProblems(section) {
  const problems = pushProblems('chat', [
    ['app', section.appPush],
    ['baseline', section.barePush],
    ['durable baseline', section.durablePush],
  ]);
  if (section.polling.errors > 0)
    problems.push(`chat polling: ${section.polling.errors} get_chat calls failed (first: ${section.polling.firstError})`);
  if (section.polling.sends.errors > 0)
    problems.push(`chat polling: ${section.polling.sends.errors} sends failed (first: ${section.polling.sends.firstError})`);
  if (section.sendsOnly.result.errors > 0)
    problems.push(`chat sends only: ${section.sendsOnly.result.errors} sends failed (first: ${section.sendsOnly.result.firstError})`);
  return problems;
}

const ratio = (section) => section.appPush.p99 / section.barePush.p99;
const durableRatio = (section) => section.appPush.p99 / section.durablePush.p99;
const meetsP99 = (section) => section.appPush.p99 < P99_TARGET_MS;
const meetsRatio = (section) => ratio(section) <= BASELINE_RATIO_TARGET;
const perThousand = (section, cpuMsPerSecond) => (cpuMsPerSecond === null ? null : (cpuMsPerSecond * 1000) / section.clients);

export function printChatResults(section) {
  console.log(
    heading(
      `Chat send-to-receive latency, ${section.seconds} s each at ${LOAD.ratePerSecond} msg/s in alternating ${LOAD.roundSeconds} s rounds (app vs bare Socket.IO + Redis adapter, same run)`,
    ),
  );
  for (const line of latencyTableLines([
    ['app (add_chat)', section.appPush],
    ['baseline (POST /send)', section.barePush],
    ['durable baseline (+ INSERT)', section.durablePush],
  ]))
    console.log(line);
  console.log(
    `p99 ${formatMs(section.appPush.p99)} ms < ${P99_TARGET_MS} ms: ${meetsP99(section) ? 'yes' : 'NO'}; ` +
      `${formatRatio(ratio(section))} the baseline's p99 (target ≤ ${BASELINE_RATIO_TARGET}x): ${meetsRatio(section) ? 'yes' : 'NO'}`,
  );
  console.log(
    `for reference, no target: ${formatRatio(durableRatio(section))} the durable baseline's p99; the durable baseline is ` +
      `${formatRatio(section.durablePush.p99 / section.barePush.p99)} the bare one's (what one committed INSERT per message costs on this machine)`,
  );
  console.log(
    "(latency: from just before the send request to each receiving socket's chat.messageCreated, in the one load process that holds every socket; " +
      'reply: from the send to its HTTP answer; ' +
      `${LOAD.members} members each hold ${section.clients / LOAD.members} sockets (${section.clients / LOAD.members / LOAD.processes} rooms × ${LOAD.processes} processes); the sender rotates over every (member, room, process))`,
  );

  console.log(heading(`Chat server CPU (both app processes), ${section.clients} clients, ${LOAD.ratePerSecond} add_chat/s in each case`));
  const cpuColumns = [
    { title: 'clients' },
    { title: 'server CPU ms/s', align: 'right' },
    { title: 'per 1,000 clients', align: 'right' },
    { title: 'minus the sends alone', align: 'right' },
    { title: 'note' },
  ];
  const sendsOnly = section.sendsOnly.cpuMsPerSecond;
  const delivery = (value) => (value === null || sendsOnly === null ? null : perThousand(section, value - sendsOnly));
  const cpuRows = [
    [
      'on push (sockets)',
      formatCpu(section.appPush.cpuMsPerSecond),
      formatCpu(perThousand(section, section.appPush.cpuMsPerSecond)),
      formatCpu(delivery(section.appPush.cpuMsPerSecond)),
      `${formatRate(section.appPush.received / section.seconds)} pushes/s`,
    ],
    [
      'legacy pollers (get_chat / 5 s)',
      formatCpu(section.polling.cpuMsPerSecond),
      formatCpu(perThousand(section, section.polling.cpuMsPerSecond)),
      formatCpu(delivery(section.polling.cpuMsPerSecond)),
      `${section.polling.pollsPerSecond.toFixed(1)} polls/s`,
    ],
    ['nobody listening (sends only)', formatCpu(sendsOnly), '-', '-', `${LOAD.sendsOnlyMs / 1000} s`],
  ];
  for (const line of table(cpuColumns, cpuRows)) console.log(line);
  const pushDelivery = delivery(section.appPush.cpuMsPerSecond);
  const pollDelivery = delivery(section.polling.cpuMsPerSecond);
  if (pushDelivery !== null && pollDelivery !== null && pushDelivery > 0) {
    console.log(
      `delivering to 1,000 pollers costs ${formatRatio(pollDelivery / pushDelivery)} the CPU of pushing to 1,000 sockets (sends' own cost removed)`,
    );
  }
  console.log('(CPU of the two app processes from /proc; PostgreSQL and Redis not included)');
}

/** Summary lines ([label, text]) for the chat section. */
export function chatSummaryLines(section) {
  return [
    [
      'chat latency',
      `p50 ${formatMs(section.appPush.p50)} ms, p99 ${formatMs(section.appPush.p99)} ms (${formatRatio(ratio(section))} bare p99 ${formatMs(section.barePush.p99)} ms): ` +
        `p99 < ${P99_TARGET_MS} ms ${meetsP99(section) ? 'met' : 'MISSED'}, ≤ ${BASELINE_RATIO_TARGET}x baseline ${meetsRatio(section) ? 'met' : 'MISSED'}; ` +
        `${formatRatio(durableRatio(section))} the durable baseline's p99 ${formatMs(section.durablePush.p99)} ms (no target)`,
    ],
    [
      'chat CPU',
      `per 1,000 clients: push ${formatCpu(perThousand(section, section.appPush.cpuMsPerSecond))} ms/s, legacy polling ${formatCpu(perThousand(section, section.polling.cpuMsPerSecond))} ms/s (sends included)`,
    ],
  ];
}
