// The flow's live counts section of the bench (issue #14): two app processes on one Redis and a
// throw-away database against two bare Socket.IO processes with the same Redis adapter, in the same
// run. 1,000 visitor sockets view one poll post (`post:{id}`), half on each process, while 200
// changes a second arrive over both processes: 100 votes (each a changed vote, so every one moves
// the counts) and 100 reactions, from 400 members whose sessions are written by SQL. The app
// pushes a post's counts coalesced (at most one `post.countsChanged`, poll and reactions together,
// per post per window of POST_COUNTS_WINDOW_MS, the last one final); the baseline coalesces the
// same way, a window claimed in Redis, with nothing else (`POST /count` in chat-bare-server.mjs: no
// database, no session, versions for counts). Measured on both alike: per change, from just before
// its request to the moment every viewer holds a count at least that new (by version); pushes per
// second per socket; servers' CPU.
//
// The baseline once broadcast every change to every socket as it arrived: 200,000 receipts a second
// for the load generator alone, which fell behind within seconds and reported receipts missing in
// every run, so the section measured the generator and never ran clean.
import { createRequire } from 'node:module';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { closeSockets, connectClients, percentile, post, sendSteadily } from './chat-load.mjs';
import { formatMs, formatRate, heading, table } from './format.mjs';
import { formatCpu, startPushTargets, withCpu } from './push-bench.mjs';

const require = createRequire(import.meta.url);
const { SESSION_COOKIE, REACTION_KINDS, POST_COUNTS_WINDOW_MS } = require('@seyirlik/shared-contracts');

const LOAD = {
  processes: 2,
  sockets: 1_000,
  members: 400,
  /** Votes and reactions together, per second. */
  ratePerSecond: 200,
  options: 4,
  warmupMs: 2_000,
  drainMs: 2_000,
};
const TARGETS = { p99Ms: 250, pushesPerSecondPerSocket: 5 };
const TOKEN_PREFIX = 'bench-flow-';

/** A poll post by its own author and `members` members with sessions, by SQL; answers the post, its options and the members' cookies. */
async function seed(databaseUrl) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows: members } = await client.query(
      `WITH made AS (
         INSERT INTO app_user (username, email, password_hash, profile_name)
         SELECT 'akis' || i, 'akis' || i || '@example.com', 'bench-no-login', 'Akış ' || i FROM generate_series(0, $1::int) AS i
         RETURNING id
       )
       INSERT INTO user_session (user_id, token_hash, remember, expires_at)
       SELECT id, sha256(convert_to($2 || id, 'UTF8')), true, now() + interval '1 day' FROM made
       RETURNING user_id`,
      [LOAD.members, TOKEN_PREFIX],
    );
    const ids = members.map((row) => row.user_id).sort((a, b) => a - b);
    const [authorId, ...voterIds] = ids;
    const { rows: posts } = await client.query("INSERT INTO flow_post (author_id, kind, body) VALUES ($1, 'poll', '') RETURNING id", [authorId]);
    const postId = Number(posts[0].id);
    await client.query("INSERT INTO poll (post_id, question) VALUES ($1, 'Hangisi?')", [postId]);
    const { rows: options } = await client.query(
      "INSERT INTO poll_option (post_id, position, label) SELECT $1, i, 'Cevap ' || i FROM generate_series(0, $2::int - 1) AS i RETURNING id",
      [postId, LOAD.options],
    );
    return {
      postId,
      optionIds: options.map((row) => Number(row.id)),
      members: voterIds.map((id) => ({ id, cookie: `${SESSION_COOKIE}=${TOKEN_PREFIX}${id}` })),
    };
  } finally {
    await client.end();
  }
}

/**
 * The changes, alternating votes and reactions, members and processes: member m's k-th vote is for
 * option (m + k) mod n and its k-th reaction kind (m + k) mod kinds, so each one changes the counts.
 */
function changeSenders(members) {
  return members.flatMap((member, index) => [
    { kind: 'vote', member, process: index % LOAD.processes, turn: 0 },
    { kind: 'reaction', member, process: (index + 1) % LOAD.processes, turn: 0 },
  ]);
}

/** Sends one change through the app's JSON API; records the version the answer carries with the send time. */
function appChange(urls, { postId, optionIds }, committed) {
  return async (sender) => {
    const at = performance.now();
    sender.turn += 1;
    const choice = sender.member.id + sender.turn;
    const [path, method, body] =
      sender.kind === 'vote'
        ? [`/api/flow/posts/${postId}/poll/vote`, 'POST', { optionId: optionIds[choice % optionIds.length] }]
        : [`/api/flow/posts/${postId}/reaction`, 'PUT', { kind: REACTION_KINDS[choice % REACTION_KINDS.length] }];
    const response = await fetch(`${urls[sender.process]}${path}`, {
      method,
      headers: { cookie: sender.member.cookie, 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(body),
    });
    const answer = await response.json();
    if (!response.ok) throw new Error(`${path} answered ${response.status}: ${JSON.stringify(answer).slice(0, 200)}`);
    committed[sender.kind].push({ version: answer.version, at });
  };
}

/**
 * For each committed change, the time until every socket held a count of that kind at least as
 * new: per socket, the first push (in arrival order) with a version at or past the change's.
 */
function holdLatencies(committed, socketsSeen) {
  const latencies = [];
  for (const kind of ['vote', 'reaction']) {
    const changes = [...committed[kind]].sort((a, b) => a.version - b.version);
    const worst = new Array(changes.length).fill(0);
    for (const seen of socketsSeen) {
      const pushes = seen[kind];
      let next = 0;
      let newest = 0;
      for (const push of pushes) {
        newest = Math.max(newest, push.version);
        while (next < changes.length && changes[next].version <= newest) {
          worst[next] = Math.max(worst[next], push.at - changes[next].at);
          next += 1;
        }
      }
      for (; next < changes.length; next += 1) worst[next] = Infinity;
    }
    latencies.push(...worst);
  }
  return latencies.sort((a, b) => a - b);
}

/** The baseline's change: `POST /count` on the sender's process, which answers the part's new version. */
function bareChange(urls, { postId }, committed) {
  return async (sender) => {
    const at = performance.now();
    const part = sender.kind === 'vote' ? 'poll' : 'reactions';
    const { json } = await post(`${urls[sender.process]}/count`, { body: { room: `post:${postId}`, part } });
    committed[sender.kind].push({ version: json.version, at });
  };
}

/**
 * The live counts on `targets` (the app's processes or the baseline's): every viewer's socket
 * connected and joined, a warm-up of changes, then `seconds` of them at the section's rate, each
 * sent by `change(urls, seeded, committed)`; answers the latencies until every viewer held each
 * change, pushes per socket and the servers' CPU.
 */
async function measureCounts({ targets, change, seeded, seconds, signal }) {
  const urls = targets.map((target) => target.url);
  const channel = `post:${seeded.postId}`;
  const clients = Array.from({ length: LOAD.sockets }, (_, index) => ({ channel, process: index % LOAD.processes }));
  const sockets = await connectClients(clients, urls, () => undefined, { event: 'post.countsChanged' });
  const socketsSeen = sockets.map((socket) => {
    const seen = { vote: [], reaction: [], pushes: 0 };
    socket.on('post.countsChanged', ({ poll, reactions }) => {
      const at = performance.now();
      seen.pushes += 1;
      if (poll) seen.vote.push({ version: poll.version, at });
      if (reactions) seen.reaction.push({ version: reactions.version, at });
    });
    return seen;
  });
  try {
    const senders = changeSenders(seeded.members);
    const warmup = { vote: [], reaction: [] };
    await sendSteadily({ clients: senders, rate: LOAD.ratePerSecond, durationMs: LOAD.warmupMs, send: change(urls, seeded, warmup), sentAt: new Map(), signal });
    await sleep(LOAD.drainMs);
    for (const seen of socketsSeen) {
      seen.vote.length = seen.reaction.length = 0;
      seen.pushes = 0;
    }
    const committed = { vote: [], reaction: [] };
    const started = performance.now();
    const { result: outcome, cpuMsPerSecond } = await withCpu(
      targets.map((target) => target.handle),
      () => sendSteadily({ clients: senders, rate: LOAD.ratePerSecond, durationMs: seconds * 1000, send: change(urls, seeded, committed), sentAt: new Map(), signal }),
    );
    const elapsedSeconds = (performance.now() - started) / 1000;
    await sleep(LOAD.drainMs);
    const latencies = holdLatencies(committed, socketsSeen);
    const pushRates = socketsSeen.map((seen) => seen.pushes / (elapsedSeconds + LOAD.drainMs / 1000)).sort((a, b) => a - b);
    return {
      ...outcome,
      changes: latencies.length,
      neverHeld: latencies.filter((latency) => latency === Infinity).length,
      p50: percentile(latencies, 0.5),
      p90: percentile(latencies, 0.9),
      p99: percentile(latencies, 0.99),
      max: latencies.filter(Number.isFinite).at(-1),
      pushesPerSecondMean: pushRates.reduce((sum, rate) => sum + rate, 0) / pushRates.length,
      pushesPerSecondMax: pushRates.at(-1),
      answerP50: percentile(outcome.answers, 0.5),
      answerP99: percentile(outcome.answers, 0.99),
      cpuMsPerSecond,
    };
  } finally {
    closeSockets(sockets);
  }
}

/** Runs the whole section; `cleanup` takes what must be released. Answers the measurements, or throws when something could not run. */
export async function runFlowSection({ root, settings, cleanup, signal }) {
  const seconds = settings.chatSeconds;
  console.log(
    heading(
      `Flow counts: ${formatRate(LOAD.sockets)} sockets viewing one poll post on ${LOAD.processes} processes, ${LOAD.ratePerSecond} votes and reactions/s from ${LOAD.members} members`,
    ),
  );
  const { database, app, bare } = await startPushTargets({ root, settings, cleanup, label: 'flow', processes: LOAD.processes });
  const seeded = await seed(database.url);
  console.log(`  set up: post ${seeded.postId} with a poll of ${LOAD.options} answers, ${LOAD.members} members and sessions by SQL`);

  const appCounts = await measureCounts({ targets: app, change: appChange, seeded, seconds, signal });
  console.log(`  app: ${countsProgress(appCounts)}`);
  const bareCounts = await measureCounts({ targets: bare, change: bareChange, seeded, seconds, signal });
  console.log(`  baseline: ${countsProgress(bareCounts)}`);
  return { seconds, appCounts, bareCounts };
}

/** Problems to report, of the app's and of the baseline's: changes that failed, or that some viewer never held. */
export function flowProblems(section) {
  return [
    ['app', section.appCounts],
    ['baseline', section.bareCounts],
  ].flatMap(([label, counts]) => [
    ...(counts.errors > 0 ? [`flow ${label}: ${counts.errors} changes failed (first: ${counts.firstError})`] : []),
    ...(counts.unanswered > 0 ? [`flow ${label}: ${counts.unanswered} changes unanswered`] : []),
    ...(counts.neverHeld > 0 ? [`flow ${label}: ${counts.neverHeld} changes never reached every viewer`] : []),
  ]);
}

/** One line on a measurement of live counts, printed as it finishes. */
const countsProgress = (counts) =>
  `${formatRate(counts.sent)} changes, held by every viewer p50 ${formatMs(counts.p50)} ms, p99 ${formatMs(counts.p99)} ms, ` +
  `${counts.pushesPerSecondMean.toFixed(2)} pushes/s per socket, server CPU ${formatCpu(counts.cpuMsPerSecond)} ms/s`;

const countsRow = (label, counts) => [
  label,
  formatRate(counts.sent),
  formatRate(counts.errors),
  formatMs(counts.p50),
  formatMs(counts.p90),
  formatMs(counts.p99),
  formatMs(counts.max),
  `${counts.pushesPerSecondMean.toFixed(2)} / ${counts.pushesPerSecondMax.toFixed(2)}`,
  `${formatMs(counts.answerP50)} / ${formatMs(counts.answerP99)}`,
  formatCpu(counts.cpuMsPerSecond),
];

const meets = (section) => section.appCounts.p99 < TARGETS.p99Ms && section.appCounts.pushesPerSecondMax <= TARGETS.pushesPerSecondPerSocket;

export function printFlowResults(section) {
  const { appCounts: app, bareCounts: bare, seconds } = section;
  console.log(heading(`Flow counts, ${seconds} s at ${LOAD.ratePerSecond} changes/s to ${formatRate(LOAD.sockets)} viewers (both coalesced per window of ${POST_COUNTS_WINDOW_MS} ms; app vs bare Socket.IO, same run)`));
  const columns = [
    { title: 'target' },
    { title: 'changes', align: 'right' },
    { title: 'failed', align: 'right' },
    { title: 'p50 ms', align: 'right' },
    { title: 'p90 ms', align: 'right' },
    { title: 'p99 ms', align: 'right' },
    { title: 'max ms', align: 'right' },
    { title: 'pushes/s/socket (mean / max)', align: 'right' },
    { title: 'reply p50/p99 ms', align: 'right' },
    { title: 'server CPU ms/s', align: 'right' },
  ];
  for (const line of table(columns, [countsRow('app (vote + reaction)', app), countsRow('baseline (bare Socket.IO, no database)', bare)]))
    console.log(line);
  console.log(
    `targets: p99 < ${TARGETS.p99Ms} ms (${formatMs(app.p99)}), ≤ ${TARGETS.pushesPerSecondPerSocket} pushes/s per socket (max ${app.pushesPerSecondMax.toFixed(2)}): ${meets(section) ? 'met' : 'NOT met'}`,
  );
  console.log(
    '(latency: per change, from just before its request to the moment every viewer holds counts at least that new (by version); ' +
      'the baseline claims each window in Redis as the app does and emits the versions, with no database, session or counts)',
  );
}

/** Summary lines ([label, text]) for the flow counts section. */
export function flowSummaryLines(section) {
  const { appCounts: app } = section;
  return [
    [
      'flow counts',
      `p99 ${formatMs(app.p99)} ms to every viewer, ${app.pushesPerSecondMax.toFixed(2)} pushes/s/socket at most, CPU ${formatCpu(app.cpuMsPerSecond)} ms/s ` +
        `(bare coalesced baseline p99 ${formatMs(section.bareCounts.p99)} ms, CPU ${formatCpu(section.bareCounts.cpuMsPerSecond)} ms/s): targets ${meets(section) ? 'met' : 'MISSED'}`,
    ],
  ];
}
