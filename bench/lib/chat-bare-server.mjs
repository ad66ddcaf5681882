// The chat section's baseline: a bare Socket.IO server with the app's Redis adapter and nothing
// else (no session, no database, no permission check). Sockets join a room with the app's
// `room.join` event; POST /send with a JSON body { rooms, event, message } emits `message` as
// `event` (`chat.messageCreated` unless told) once to all the rooms (as the app emits a private
// message to both members' `user:` rooms), through Redis to every process, as the app does after
// storing a message.
//
// With DATABASE_URL it is the durable baseline: each send is first written to PostgreSQL as one
// row, one statement committed on its own (a global sequence number, no session, membership or
// limit), and emitted with that number once the insert answers. Set beside the bare baseline, it
// tells what the durable write alone costs on the machine, apart from the app's own work.
//
// POST /count with { room, part } is the flow section's baseline for live counts, coalesced as the
// app coalesces them (CoalescedCounts) with nothing else: it moves the part's version (a Redis
// counter shared by the processes) and answers it as { version }; the first change in a window
// claims the room's window in Redis (SET NX PX, ending COUNTS_CLAIM_MARGIN_MS before the window), and
// its process, when the window ends, reads the versions and emits them once to the room as
// `post.countsChanged` ({ [part]: { version } }). No database, no session, no counts read.
//
// Environment: PORT, REDIS_URL, REDIS_PREFIX (the adapter's key prefix, shared by the processes),
// DATABASE_URL (optional).
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

// socket.io is the server workspace's dependency: resolve it (and the adapter) as the app does.
const require = createRequire(join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'server', 'package.json'));
const { Server } = require('socket.io');
const { createAdapter } = require('@socket.io/redis-adapter');
const { Redis } = require('ioredis');
const pg = require('pg');
const { POST_COUNTS_WINDOW_MS } = require('@seyirlik/shared-contracts');

const port = Number(process.env.PORT);
const pool = process.env.DATABASE_URL ? new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 }) : null;
if (pool) {
  await pool.query(
    'CREATE TABLE IF NOT EXISTS bench_bare_message (id bigserial PRIMARY KEY, room text NOT NULL, body text NOT NULL, sent_at timestamptz NOT NULL DEFAULT now())',
  );
}
const INSERT = { name: 'bench-bare-insert', text: 'INSERT INTO bench_bare_message (room, body) VALUES ($1, $2) RETURNING id' };

/** The durable baseline's write: the message's number once its row is committed. */
async function stored(rooms, message) {
  const { rows } = await pool.query({ ...INSERT, values: [String(rooms), String(message.text)] });
  return { ...message, seq: Number(rows[0].id) };
}

function emitted(response, rooms, event, message) {
  io.to(rooms).emit(event, message);
  response.writeHead(200, { 'content-type': 'application/json' }).end('{"success":true}');
}

const publisher = new Redis(process.env.REDIS_URL);
const subscriber = publisher.duplicate();

/** The app's window, and its claim's margin (CLAIM_MARGIN_MS in server/src/platform/realtime/coalesced-counts.ts). */
const COUNTS_WINDOW_MS = POST_COUNTS_WINDOW_MS;
const COUNTS_CLAIM_MARGIN_MS = 10;
const COUNTS_PARTS = ['poll', 'reactions'];
const countsKey = (room, what) => `${process.env.REDIS_PREFIX}:counts:${room}:${what}`;

/** A change to `part` of the room's counts: its new version; the window's claimant emits the versions when it ends. */
async function counted(room, part) {
  const [[, version], [, claimed]] = await publisher
    .multi()
    .incr(countsKey(room, part))
    .set(countsKey(room, 'claim'), '1', 'PX', COUNTS_WINDOW_MS - COUNTS_CLAIM_MARGIN_MS, 'NX')
    .exec();
  if (claimed === 'OK') {
    setTimeout(async () => {
      const versions = await publisher.mget(COUNTS_PARTS.map((name) => countsKey(room, name)));
      const counts = Object.fromEntries(COUNTS_PARTS.map((name, index) => [name, versions[index] === null ? null : { version: Number(versions[index]) }]));
      io.to(room).emit('post.countsChanged', counts);
    }, COUNTS_WINDOW_MS);
  }
  return version;
}

const httpServer = createServer((request, response) => {
  if (request.method === 'GET' && request.url === '/healthz') {
    response.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
    return;
  }
  if (request.method !== 'POST' || (request.url !== '/send' && request.url !== '/count')) {
    response.writeHead(404).end();
    return;
  }
  const chunks = [];
  request.on('data', (chunk) => chunks.push(chunk));
  request.on('end', () => {
    if (request.url === '/count') {
      const { room, part } = JSON.parse(Buffer.concat(chunks).toString());
      counted(room, part).then(
        (version) => response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ version })),
        (error) => response.writeHead(500, { 'content-type': 'text/plain' }).end(error.message),
      );
      return;
    }
    const { rooms, event = 'chat.messageCreated', message } = JSON.parse(Buffer.concat(chunks).toString());
    if (!pool) return emitted(response, rooms, event, message);
    stored(rooms, message).then(
      (numbered) => emitted(response, rooms, event, numbered),
      (error) => response.writeHead(500, { 'content-type': 'text/plain' }).end(error.message),
    );
  });
});

const io = new Server(httpServer, { path: '/socket.io', serveClient: false });
io.adapter(
  createAdapter(publisher, subscriber, {
    key: `${process.env.REDIS_PREFIX}:socket.io`,
  }),
);
io.on('connection', (socket) => {
  socket.on('room.join', ({ room }, ack) => {
    socket.join(room);
    ack({ ok: true });
  });
});

httpServer.listen(port, '127.0.0.1');

const stop = () => {
  io.close();
  void pool?.end();
  publisher.disconnect();
  subscriber.disconnect();
  process.exit(0);
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
