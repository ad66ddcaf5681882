// The private-message section of the bench (issue #13): the chat section's shape (lib/chat-section.mjs)
// for private messages. Two app processes on one Redis and a throw-away database against two bare
// Socket.IO processes with the same Redis adapter, in the same run: 250 members registered over
// HTTP, paired into 125 conversations (started with the legacy `/user/send/message` and `first`),
// each member with two tabs on each process (1,000 sockets, each on its member's `user:{id}`
// channel; each member's first tab has the conversation open, as a member writing every few
// seconds has, so their messages make no notifications), 100 messages a second through the legacy
// `sendMessage` of `/ajax/service` (what existing clients call) spread over members and processes.
// Every message is pushed to both members' `user:` channels as `message.created`, so each reaches
// 8 sockets; the latency of every receipt is measured next to the baseline's (which emits to the
// same two rooms).
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { bareSend, inBatches, post, registerMembers } from './chat-load.mjs';
import { formatMs, formatRatio, heading } from './format.mjs';
import { latencyTableLines, measurePushPair, pushProblems, pushProgress, startPushTargets } from './push-bench.mjs';

const LOAD = {
  processes: 2,
  /** 250 members × 2 tabs × 2 processes = 1,000 sockets; 125 conversations of two members. */
  members: 250,
  tabsPerProcess: 2,
  ratePerSecond: 100,
  warmupMs: 2_000,
  /** Time for the last messages to arrive before the counting stops. */
  drainMs: 2_000,
  /** The app and the baseline take turns of this long (see measurePushPair). */
  roundSeconds: 5,
};
const BASELINE_RATIO_TARGET = 2;
/** Conversations started at once during set-up. */
const SETUP_CONCURRENCY = 4;
const VIEW_TIMEOUT_MS = 10_000;

/**
 * The product's message rules (shared-contracts MESSAGE_RULES), read from the build: the load
 * spreads its sends over enough members to stay under the send limit, which is never raised for
 * the bench, and repeats its conversation views as often as the messages page does.
 */
function messageRules(root) {
  const require = createRequire(join(root, 'server', 'package.json'));
  return require('@seyirlik/shared-contracts').MESSAGE_RULES;
}

/**
 * Fails early when the shape would hit the send limit: each member sends rate / members messages
 * a second; over a limit window (or the whole run, when shorter) that plus the conversation's
 * first message must stay within the limit's points.
 */
function checkSendLimit(limit, seconds) {
  const perMemberPerSecond = LOAD.ratePerSecond / LOAD.members;
  const window = Math.min(limit.windowSeconds, LOAD.warmupMs / 1000 + seconds);
  const most = Math.ceil(perMemberPerSecond * window) + 1;
  if (most > limit.points) {
    throw new Error(
      `${LOAD.ratePerSecond} sends/s over ${LOAD.members} members is up to ${most} messages per member in ${window} s: over the send limit of ${limit.points} per ${limit.windowSeconds} s`,
    );
  }
  return { most, window };
}

/** Pairs member 2k with 2k + 1 and starts each conversation with a first message; answers [{ a, b, hash }]. */
function startConversations(baseUrl, members) {
  const pairs = Array.from({ length: members.length / 2 }, (_, index) => [members[2 * index], members[2 * index + 1]]);
  return inBatches(pairs, SETUP_CONCURRENCY, async ([a, b]) => {
    const { json } = await post(`${baseUrl}/user/send/message`, {
      headers: { cookie: a.cookie },
      body: new URLSearchParams({ id: String(b.userId), message: 'Merhaba', first: '1' }),
    });
    if (typeof json.hash !== 'string') throw new Error(`/user/send/message answered no hash: ${JSON.stringify(json).slice(0, 200)}`);
    return { a, b, hash: json.hash };
  });
}

/**
 * The sockets: every member's tabs, `tabsPerProcess` on each process, on the member's `user:`
 * channel, in an order that alternates members and processes.
 */
function messageSockets(members, conversations) {
  const hashOf = new Map(conversations.flatMap(({ a, b, hash }) => [
    [a.userId, hash],
    [b.userId, hash],
  ]));
  const sockets = [];
  for (let tab = 0; tab < LOAD.tabsPerProcess; tab += 1) {
    for (let side = 0; side < LOAD.processes; side += 1) {
      members.forEach((member, index) => {
        // A member writing every few seconds has the conversation open: in their first tab.
        const viewing = tab === 0 && side === 0 ? hashOf.get(member.userId) : undefined;
        sockets.push({ cookie: member.cookie, channel: `user:${member.userId}`, process: (side + index) % LOAD.processes, viewing });
      });
    }
  }
  return sockets;
}

/**
 * The app's tabs that have their conversation open say so (`conversation.view`), and again every
 * MESSAGE_RULES.viewRefreshMs as the messages page does; a message to a member who has it open
 * makes no notification. Answers the function that stops the repeats.
 */
async function openConversations(rules, plan, connected) {
  const viewing = connected.map((socket, index) => [socket, plan[index].viewing]).filter(([, hash]) => hash !== undefined);
  const view = async ([socket, hash]) => {
    const reply = await socket.timeout(VIEW_TIMEOUT_MS).emitWithAck('conversation.view', { hash, viewing: true });
    if (!reply.ok) throw new Error(`conversation.view refused: ${JSON.stringify(reply)}`);
  };
  await inBatches(viewing, SETUP_CONCURRENCY * 4, view);
  const timer = setInterval(() => {
    for (const entry of viewing) view(entry).catch(() => undefined);
  }, rules.viewRefreshMs);
  return () => clearInterval(timer);
}

/**
 * The senders: per member one on each process, in an order that alternates members and processes,
 * so consecutive sends come from different conversations through both processes; each send is
 * pushed to both members' `user:` channels.
 */
function messageSenders(conversations) {
  const members = conversations.flatMap(({ a, b, hash }) => [
    { member: a, other: b, hash },
    { member: b, other: a, hash },
  ]);
  const senders = [];
  for (let side = 0; side < LOAD.processes; side += 1) {
    members.forEach(({ member, other, hash }, index) => {
      senders.push({
        cookie: member.cookie,
        hash,
        process: (side + index) % LOAD.processes,
        pushTo: [`user:${member.userId}`, `user:${other.userId}`],
      });
    });
  }
  return senders;
}

/** The app's send: the legacy `sendMessage` of `/ajax/service` by the conversation's hash, with the member's session cookie. */
function appMessageSend(urls) {
  return async (sender, text) => {
    await post(`${urls[sender.process]}/ajax/service`, {
      headers: { cookie: sender.cookie },
      body: new URLSearchParams({ type: 'sendMessage', hash: sender.hash, message: text }),
    });
  };
}

/** The app's and the baseline's push of private messages, in alternating rounds (see measurePushPair). */
function measureMessagePush({ rules, sockets, senders, app, bare, seconds, signal }) {
  return measurePushPair({
    sides: [
      {
        sockets,
        senders,
        targets: app,
        send: appMessageSend(app.map((target) => target.url)),
        prepare: (connected) => openConversations(rules, sockets, connected),
      },
      { sockets, senders, targets: bare, send: bareSend(bare.map((target) => target.url), 'message.created') },
    ],
    event: 'message.created',
    // Both members' tabs on both processes.
    receiptsPerSend: 2 * LOAD.tabsPerProcess * LOAD.processes,
    rate: LOAD.ratePerSecond,
    warmupMs: LOAD.warmupMs,
    drainMs: LOAD.drainMs,
    seconds,
    roundSeconds: LOAD.roundSeconds,
    signal,
  });
}

/**
 * Runs the whole section; `cleanup.add` / `cleanup.addChild` take what must be released.
 * Answers the measurements, or throws when something could not run.
 */
export async function runMessagesSection({ root, settings, cleanup, signal }) {
  const seconds = settings.chatSeconds;
  const socketCount = LOAD.members * LOAD.tabsPerProcess * LOAD.processes;
  console.log(
    heading(
      `Private messages: ${socketCount} sockets of ${LOAD.members} members in ${LOAD.members / 2} conversations on ${LOAD.processes} processes, ${LOAD.ratePerSecond} sendMessage/s`,
    ),
  );
  const rules = messageRules(root);
  const limit = rules.sendRateLimit;
  const perMember = checkSendLimit(limit, seconds);
  console.log(
    `  send limit ${limit.points} per ${limit.windowSeconds} s per member: each member sends at most ${perMember.most} in ${perMember.window} s (its first message included)`,
  );

  const { app, bare } = await startPushTargets({ root, settings, cleanup, label: 'messages', processes: LOAD.processes });
  const setupStarted = performance.now();
  const members = await registerMembers(app[0].url, LOAD.members);
  const conversations = await startConversations(app[0].url, members);
  const sockets = messageSockets(members, conversations);
  const senders = messageSenders(conversations);
  console.log(
    `  set up in ${((performance.now() - setupStarted) / 1000).toFixed(1)} s: ${LOAD.members} members registered over HTTP, ${conversations.length} conversations started with /user/send/message (first), ${sockets.length} sockets`,
  );

  const [appPush, barePush] = await measureMessagePush({ rules, sockets, senders, app, bare, seconds, signal });
  console.log(`  app push: ${pushProgress(appPush)}`);
  console.log(`  baseline push: ${pushProgress(barePush)}`);
  return { seconds, sockets: sockets.length, appPush, barePush };
}

/** Problems to report: sends that failed, messages that never arrived. */
export function messagesProblems(section) {
  return pushProblems('messages', [
    ['app', section.appPush],
    ['baseline', section.barePush],
  ]);
}

const ratio = (section) => section.appPush.p99 / section.barePush.p99;
const meetsRatio = (section) => ratio(section) <= BASELINE_RATIO_TARGET;

export function printMessagesResults(section) {
  console.log(
    heading(
      `Private message send-to-receive latency, ${section.seconds} s each at ${LOAD.ratePerSecond} msg/s in alternating ${LOAD.roundSeconds} s rounds (app vs bare Socket.IO + Redis adapter, same run)`,
    ),
  );
  for (const line of latencyTableLines([
    ['app (sendMessage)', section.appPush],
    ['baseline (POST /send)', section.barePush],
  ]))
    console.log(line);
  console.log(
    `p99 ${formatMs(section.appPush.p99)} ms: ${formatRatio(ratio(section))} the baseline's p99 (target ≤ ${BASELINE_RATIO_TARGET}x): ${meetsRatio(section) ? 'yes' : 'NO'}`,
  );
  console.log(
    "(latency: from just before the send request to each receiving socket's message.created, in the one load process that holds every socket, " +
      "on both members' tabs; reply: from the send to its HTTP answer; " +
      `${LOAD.members} members each hold ${LOAD.tabsPerProcess * LOAD.processes} sockets (${LOAD.tabsPerProcess} tabs × ${LOAD.processes} processes); ` +
      `the sender rotates over every (member, process), each member sending ${(LOAD.ratePerSecond / LOAD.members).toFixed(1)} messages/s)`,
  );
}

/** Summary lines ([label, text]) for the private-message section. */
export function messagesSummaryLines(section) {
  return [
    [
      'messages latency',
      `p50 ${formatMs(section.appPush.p50)} ms, p99 ${formatMs(section.appPush.p99)} ms (${formatRatio(ratio(section))} bare p99 ${formatMs(section.barePush.p99)} ms): ` +
        `≤ ${BASELINE_RATIO_TARGET}x baseline ${meetsRatio(section) ? 'met' : 'MISSED'}`,
    ],
  ];
}
