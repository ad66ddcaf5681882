// The chat section's load: members and rooms set up through the app's own HTTP calls, sockets
// joined to the rooms on both processes, `add_chat` sends at a steady rate with each receiving
// socket's latency, and legacy `get_chat` pollers. The same shape drives the bare baseline.
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { io } from 'socket.io-client';

const SOCKET_PATH = '/socket.io';
const JOIN_TIMEOUT_MS = 10_000;
/** Registrations in flight: argon2 hashing makes each one cost the app real CPU. */
const REGISTER_CONCURRENCY = 4;
/** Sockets connecting at once: more only queues handshakes behind each other. */
const CONNECT_CONCURRENCY = 50;
const REQUEST_TIMEOUT_MS = 30_000;

/**
 * The chat's HTTP calls share keep-alive connections, as browsers behind a few proxies would;
 * one connection per client would measure connection setup instead of the calls.
 */
const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });

/** Times a request meets a kept-alive connection the server closed at that moment, before it answers anything. */
const STALE_CONNECTION_RETRIES = 3;

/**
 * POST `body` (URLSearchParams: form-encoded; otherwise JSON) and answer the parsed JSON reply. A
 * request sent on a kept-alive connection just as the server closed it for idling is reset before
 * the server read it: it is sent again (as Node's documentation advises), the time it lost counted.
 */
export function post(url, { headers = {}, body }, retries = STALE_CONNECTION_RETRIES) {
  const form = body instanceof URLSearchParams;
  const payload = form ? body.toString() : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    let answered = false;
    const request = http.request(
      url,
      {
        method: 'POST',
        agent,
        headers: {
          ...headers,
          'content-type': form ? 'application/x-www-form-urlencoded' : 'application/json',
          'content-length': Buffer.byteLength(payload),
        },
      },
      (response) => {
        answered = true;
        const chunks = [];
        response.on('data', (chunk) => chunks.push(chunk));
        response.on('end', () => {
          const text = Buffer.concat(chunks).toString();
          let json = null;
          try {
            json = JSON.parse(text);
          } catch {
            // Not JSON: reported below with the status.
          }
          if (response.statusCode >= 300 || json === null || json.success === false) {
            reject(new Error(`POST ${new URL(url).pathname} answered HTTP ${response.statusCode}: ${text.slice(0, 200)}`));
          } else {
            resolve({
              json,
              setCookie: response.headers['set-cookie'] ?? [],
              status: response.statusCode,
            });
          }
        });
        response.on('error', reject);
      },
    );
    request.setTimeout(REQUEST_TIMEOUT_MS, () => request.destroy(new Error(`no answer within ${REQUEST_TIMEOUT_MS} ms`)));
    request.on('error', (error) => {
      if (!answered && request.reusedSocket && error.code === 'ECONNRESET' && retries > 0) resolve(post(url, { headers, body }, retries - 1));
      else reject(error);
    });
    request.end(payload);
  });
}

/** Nearest-rank percentile of an ascending array. */
export function percentile(sorted, fraction) {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length, Math.max(1, Math.ceil(fraction * sorted.length))) - 1];
}

/** Runs `work(item)` over `items` with at most `concurrency` at a time; answers the results in order. */
export async function inBatches(items, concurrency, work) {
  const results = new Array(items.length);
  let next = 0;
  const worker = async () => {
    for (let index = next++; index < items.length; index = next++) results[index] = await work(items[index], index);
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return results;
}

const cookieOf = (setCookie) => setCookie.map((header) => header.split(';')[0]).join('; ');

/**
 * Registers `count` members through the legacy form, each from an address of its own (the server
 * trusts X-Forwarded-For), and answers [{ cookie, userId }].
 */
export function registerMembers(baseUrl, count) {
  return inBatches(
    Array.from({ length: count }, (_, index) => index),
    REGISTER_CONCURRENCY,
    async (index) => {
      const username = `uye_bench${String(index).padStart(4, '0')}`;
      const password = `bench-${index}-parola`;
      const { setCookie } = await post(`${baseUrl}/auth/register`, {
        headers: { 'x-forwarded-for': `10.77.${index >> 8}.${index & 255}` },
        body: new URLSearchParams({
          username,
          emailAddress: `${username}@example.com`,
          password,
          passwordAgain: password,
        }),
      });
      const cookie = cookieOf(setCookie);
      const session = await fetch(`${baseUrl}/api/auth/session`, {
        headers: { cookie },
      }).then((response) => response.json());
      if (!session.user) throw new Error(`no session after registering ${username}: ${JSON.stringify(session)}`);
      return { cookie, userId: session.user.id };
    },
  );
}

/**
 * The population: `rooms` rooms of `membersPerRoom` members from `members`, every member in
 * rooms × membersPerRoom / members rooms, and per (member, room) one socket on each process.
 * Room r takes the members of group r mod G (G = members / membersPerRoom) and is created by a
 * different member of the group each time, which keeps each creator within the creation limit.
 */
export function roomPlan({ members, rooms, membersPerRoom }) {
  const groups = members / membersPerRoom;
  return Array.from({ length: rooms }, (_, room) => {
    const group = room % groups;
    const memberIndexes = Array.from({ length: membersPerRoom }, (_, k) => group * membersPerRoom + k);
    const creator = memberIndexes[Math.floor(room / groups) % membersPerRoom];
    return { room, memberIndexes, creator };
  });
}

/** Creates the planned rooms through POST /api/rooms on an aired episode; answers their codes. */
export function createRooms(baseUrl, plan, members, episodeId) {
  return inBatches(plan, REGISTER_CONCURRENCY, async ({ room, memberIndexes, creator }) => {
    const invite = memberIndexes.filter((index) => index !== creator).map((index) => members[index].userId);
    const { json } = await post(`${baseUrl}/api/rooms`, {
      headers: { cookie: members[creator].cookie },
      body: { episodeId, title: `Bench odası ${room + 1}`, invite },
    });
    return json.code;
  });
}

/**
 * The clients: per (member, room) pair one on each process, in an order that alternates rooms and
 * processes, so consecutive sends land in different rooms and on both processes.
 */
export function chatClients(plan, codes, members, processCount) {
  const clients = [];
  const membersPerRoom = Math.max(...plan.map((room) => room.memberIndexes.length));
  for (let slot = 0; slot < membersPerRoom; slot += 1) {
    for (let side = 0; side < processCount; side += 1) {
      for (const { room, memberIndexes } of plan) {
        if (slot >= memberIndexes.length) continue;
        clients.push({
          room,
          code: codes[room],
          channel: `room:${codes[room]}`,
          cookie: members[memberIndexes[slot]].cookie,
          process: (side + room) % processCount,
        });
      }
    }
  }
  return clients;
}

/**
 * Connects every client's socket on its process (`urls[client.process]`) and joins it to
 * `client.channel` (a member's own `user:` channel, joined at the handshake, is confirmed so);
 * each `event` (`chat.messageCreated` unless told) is handed to `onMessage(payload)`. Answers the sockets.
 */
export async function connectClients(clients, urls, onMessage, { event = 'chat.messageCreated' } = {}) {
  return inBatches(clients, CONNECT_CONCURRENCY, async (client) => {
    const socket = io(urls[client.process], {
      path: SOCKET_PATH,
      transports: ['websocket'],
      reconnection: false,
      extraHeaders: client.cookie ? { cookie: client.cookie } : {},
    });
    await new Promise((resolve, reject) => {
      socket.once('connect', resolve);
      socket.once('connect_error', reject);
    });
    const reply = await socket.timeout(JOIN_TIMEOUT_MS).emitWithAck('room.join', { room: client.channel });
    if (!reply.ok) throw new Error(`room.join ${client.channel} refused: ${JSON.stringify(reply)}`);
    socket.on(event, onMessage);
    return socket;
  });
}

export function closeSockets(sockets) {
  for (const socket of sockets) socket.close();
}

/**
 * Sends `rate` messages per second for `durationMs`, on a fixed schedule (a slow answer never
 * delays the next send): message i goes from clients[i mod n] through `send(client, text)`.
 * Each text carries its number; `sentAt` maps it to the send time. Waits at most
 * REQUEST_TIMEOUT_MS after the last send for the replies (an overloaded server must not hold the
 * bench). Answers { sent, errors, firstError, unanswered, answers } (answers: ascending ms from send
 * to the HTTP reply).
 */
export async function sendSteadily({ clients, rate, durationMs, send, sentAt, signal }) {
  const total = Math.round((rate * durationMs) / 1000);
  const interval = 1000 / rate;
  const started = performance.now();
  const pending = [];
  const outcome = {
    sent: 0,
    errors: 0,
    firstError: null,
    unanswered: 0,
    answers: [],
  };
  for (let index = 0; index < total && !signal?.aborted; index += 1) {
    const wait = started + index * interval - performance.now();
    if (wait > 1) await sleep(wait);
    const client = clients[index % clients.length];
    const text = `bench ${sentAt.size}`;
    const at = performance.now();
    sentAt.set(text, at);
    pending.push(
      send(client, text).then(
        () => {
          outcome.sent += 1;
          outcome.answers.push(performance.now() - at);
        },
        (error) => {
          outcome.errors += 1;
          outcome.firstError ??= error.message;
        },
      ),
    );
  }
  await Promise.race([Promise.all(pending), sleep(REQUEST_TIMEOUT_MS)]);
  outcome.unanswered = pending.length - outcome.sent - outcome.errors;
  outcome.answers.sort((a, b) => a - b);
  return outcome;
}

/** The app's send: the legacy `add_chat`, with the member's session cookie. */
export function appSend(urls) {
  return async (client, text) => {
    await post(`${urls[client.process]}/ajax/service`, {
      headers: { cookie: client.cookie },
      body: new URLSearchParams({
        type: 'add_chat',
        code: client.code,
        data: text,
      }),
    });
  };
}

/**
 * The baseline's send: POST /send, emitted as `event` to each of the client's `pushTo` rooms (its
 * `channel` when it has none) as it arrives.
 */
export function bareSend(urls, event = 'chat.messageCreated') {
  return async (client, text) => {
    await post(`${urls[client.process]}/send`, {
      body: { rooms: client.pushTo ?? [client.channel], event, message: { text } },
    });
  };
}

/**
 * Legacy pollers: every client calls `get_chat` from its cursor every `intervalMs`, the clients'
 * first calls spread evenly over one interval, until stop(); a client whose last call has not
 * answered yet skips its turn (counted), so a slow server is not buried. Answers live counters and stop.
 */
export function startPollers(clients, urls, intervalMs) {
  const stats = {
    polls: 0,
    errors: 0,
    firstError: null,
    skipped: 0,
    messages: 0,
  };
  const pollOnce = async (client) => {
    if (client.polling) {
      stats.skipped += 1;
      return;
    }
    client.polling = true;
    try {
      const { json } = await post(`${urls[client.process]}/ajax/service`, {
        headers: { cookie: client.cookie },
        body: new URLSearchParams({
          type: 'get_chat',
          code: client.code,
          id: String(client.cursor),
        }),
      });
      stats.messages += Number(json.id) - client.cursor;
      client.cursor = Number(json.id);
      stats.polls += 1;
    } catch (error) {
      stats.errors += 1;
      stats.firstError ??= error.message;
    } finally {
      client.polling = false;
    }
  };
  const timers = [];
  clients.forEach((client, index) => {
    client.cursor = 0;
    client.polling = false;
    const first = setTimeout(
      () => {
        void pollOnce(client);
        timers.push(setInterval(() => void pollOnce(client), intervalMs));
      },
      (index * intervalMs) / clients.length,
    );
    timers.push(first);
  });
  // clearTimeout clears intervals too.
  return { stats, stop: () => timers.forEach(clearTimeout) };
}
