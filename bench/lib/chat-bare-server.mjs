// The chat section's baseline: a bare Socket.IO server with the app's Redis adapter and nothing
// else (no session, no database, no permission check). Sockets join a room with the app's
// `room.join` event; POST /send with a JSON body { rooms, event, message } emits `message` as
// `event` (`chat.messageCreated` unless told) once to all the rooms (as the app emits a private
// message to both members' `user:` rooms), through Redis to every process, as the app does after
// storing a message.
//
// Environment: PORT, REDIS_URL, REDIS_PREFIX (the adapter's key prefix, shared by the processes).
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

// socket.io is the server workspace's dependency: resolve it (and the adapter) as the app does.
const require = createRequire(join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'server', 'package.json'));
const { Server } = require('socket.io');
const { createAdapter } = require('@socket.io/redis-adapter');
const { Redis } = require('ioredis');

const port = Number(process.env.PORT);
const publisher = new Redis(process.env.REDIS_URL);
const subscriber = publisher.duplicate();

const httpServer = createServer((request, response) => {
  if (request.method === 'GET' && request.url === '/healthz') {
    response.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
    return;
  }
  if (request.method !== 'POST' || request.url !== '/send') {
    response.writeHead(404).end();
    return;
  }
  const chunks = [];
  request.on('data', (chunk) => chunks.push(chunk));
  request.on('end', () => {
    const { rooms, event = 'chat.messageCreated', message } = JSON.parse(Buffer.concat(chunks).toString());
    io.to(rooms).emit(event, message);
    response.writeHead(200, { 'content-type': 'application/json' }).end('{"success":true}');
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
  publisher.disconnect();
  subscriber.disconnect();
  process.exit(0);
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
