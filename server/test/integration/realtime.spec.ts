import { type ClientToServerEvents, REALTIME_MESSAGES, rooms, type ServerToClientEvents, SOCKET_PATH } from '@seyirlik/shared-contracts';
import { io, type Socket } from 'socket.io-client';
import { SOCKET_PACKET_LIMIT_BYTES } from '../../src/platform/realtime/realtime-io.adapter';
import { RealtimeService } from '../../src/platform/realtime/realtime.service';
import { DataSource } from 'typeorm';
import { insertMembers } from '../factories/audience';
import { insertPost } from '../factories/posts-counts';
import { startServerProcess, type ServerProcess } from '../harness/cluster';
import { TEST_REDIS_URL } from '../support/services';
import { startTestApp, type TestApp } from '../support/test-app';
import { createTestDatabase, type TestDatabase, uniqueRedisPrefix } from '../support/test-database';

type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/**
 * The heap a connected socket may hold in the server: about 16 KB measured, against 51 KB when
 * Nest bound the handlers with an rxjs pipeline per event per socket.
 */
const SOCKET_HEAP_BUDGET_BYTES = 25 * 1024;

function connect(baseUrl: string, origin?: string): ClientSocket {
  return io(baseUrl, {
    path: SOCKET_PATH,
    transports: ['websocket'],
    reconnection: false,
    extraHeaders: origin ? { Origin: origin } : {},
  });
}

function outcome(socket: ClientSocket): Promise<'connected' | string> {
  return new Promise((resolveOutcome) => {
    socket.once('connect', () => resolveOutcome('connected'));
    socket.once('connect_error', (error) => resolveOutcome(`refused: ${error.message}`));
  });
}

describe('Socket.IO handshake', () => {
  let sut: TestApp;
  const sockets: ClientSocket[] = [];

  beforeAll(async () => {
    sut = await startTestApp();
  });

  afterAll(async () => {
    sockets.forEach((socket) => socket.disconnect());
    await sut.close();
  });

  it('accepts the site’s own origin and answers clock pings with the server time', async () => {
    const socket = connect(sut.baseUrl, `http://${new URL(sut.baseUrl).host}`);
    sockets.push(socket);

    expect(await outcome(socket)).toBe('connected');
    const before = Date.now();
    const reply = await socket.timeout(2000).emitWithAck('clock.ping');
    expect(reply.serverTime).toBeGreaterThanOrEqual(before - 5);
    expect(reply.serverTime).toBeLessThanOrEqual(Date.now() + 5);
  });

  it('refuses a handshake from another site’s page', async () => {
    const socket = connect(sut.baseUrl, 'https://evil.example');
    sockets.push(socket);

    expect(await outcome(socket)).toMatch(/^refused/);
    expect(socket.connected).toBe(false);
  });

  it('refuses the polling transport from another site too', async () => {
    const socket = io(sut.baseUrl, {
      path: SOCKET_PATH,
      transports: ['polling'],
      reconnection: false,
      extraHeaders: { Origin: 'https://evil.example' },
    });
    sockets.push(socket);

    expect(await outcome(socket)).toMatch(/^refused/);
  });

  it('ends the connection of a client that sends a packet over the limit, before reading it, and goes on answering the others', async () => {
    const origin = `http://${new URL(sut.baseUrl).host}`;
    const sender = connect(sut.baseUrl, origin);
    const other = connect(sut.baseUrl, origin);
    sockets.push(sender, other);
    expect([await outcome(sender), await outcome(other)]).toEqual(['connected', 'connected']);

    // Under the limit, a packet is read and answered (a room name that long names no room).
    const near = await sender.timeout(2000).emitWithAck('room.join', { room: 'x'.repeat(SOCKET_PACKET_LIMIT_BYTES - 100) });
    expect(near).toEqual({ ok: false, message: REALTIME_MESSAGES.roomUnknown });

    const ended = new Promise<string>((resolveEnded) => sender.once('disconnect', resolveEnded));
    const started = Date.now();
    sender.emit('room.join', { room: 'x'.repeat(SOCKET_PACKET_LIMIT_BYTES + 1) }, () => undefined);

    expect(await ended).toBe('transport close');
    const reply = await other.timeout(2000).emitWithAck('clock.ping');
    expect(reply.serverTime).toBeGreaterThanOrEqual(started);
    expect(other.connected).toBe(true);
  });

  it('refuses a long-polling request over the limit before reading it', async () => {
    const origin = `http://${new URL(sut.baseUrl).host}`;
    const polling = (sid?: string) => `${sut.baseUrl}${SOCKET_PATH}/?EIO=4&transport=polling${sid ? `&sid=${sid}` : ''}`;
    const open = await fetch(polling(), { headers: { origin } });
    const { sid } = JSON.parse((await open.text()).slice(1)) as { sid: string };
    const post = (body: string) => fetch(polling(sid), { method: 'POST', headers: { origin, 'content-type': 'text/plain;charset=UTF-8' }, body });

    // Engine.IO's framing: '4' a message, '0' Socket.IO's connect.
    expect((await post('40')).status).toBe(200);
    const tooLarge = await post(`42${JSON.stringify(['room.join', { room: 'x'.repeat(SOCKET_PACKET_LIMIT_BYTES) }])}`);

    expect(tooLarge.status).toBe(413);
  });
});

describe('Joining rooms', () => {
  let sut: TestApp;
  const sockets: ClientSocket[] = [];
  /** `post:` channels, whose policy the reactions register: an existing post is readable by anyone, a missing one is refused. */
  let readablePost: number;
  let leftPost: number;
  const missingPost = 987_654_321;

  beforeAll(async () => {
    sut = await startTestApp();
    const db = sut.server.app.get(DataSource);
    const [authorId] = await insertMembers(db, 1);
    readablePost = await insertPost(db, authorId!);
    leftPost = await insertPost(db, authorId!);
  });

  afterAll(async () => {
    sockets.forEach((socket) => socket.disconnect());
    await sut.close();
  });

  async function connected(): Promise<ClientSocket> {
    const socket = connect(sut.baseUrl, `http://${new URL(sut.baseUrl).host}`);
    sockets.push(socket);
    expect(await outcome(socket)).toBe('connected');
    return socket;
  }

  const SENTINEL = 'sentinel';

  /**
   * The names pushed to the socket until a sentinel sent to the socket itself arrives. Pushes from
   * one process to one socket keep their order, so what was sent before the sentinel and did not
   * come before it never comes.
   */
  function receivedBeforeSentinel(socket: ClientSocket): { sendSentinel(): void; names: Promise<string[]> } {
    const names: string[] = [];
    const done = new Promise<string[]>((resolve) =>
      socket.on('account.updated', (user) => (user.username === SENTINEL ? resolve(names) : names.push(user.username))),
    );
    return {
      sendSentinel: () =>
        sut.server.app.get(RealtimeService).toRoom(socket.id as never, 'account.updated', { id: 0, username: SENTINEL, avatarUrl: null } as never),
      names: done,
    };
  }

  it('joins a room its policy allows, and then receives what is sent to that room', async () => {
    const socket = await connected();

    expect(await socket.timeout(2000).emitWithAck('room.join', { room: rooms.post(readablePost) })).toEqual({ ok: true });
    const pushes = receivedBeforeSentinel(socket);
    sut.server.app.get(RealtimeService).toRoom(rooms.post(readablePost), 'account.updated', { id: 1, username: 'oda', avatarUrl: null } as never);
    pushes.sendSentinel();

    expect(await pushes.names).toEqual(['oda']);
  });

  it('refuses a room its policy refuses, and nothing sent there arrives', async () => {
    const socket = await connected();

    expect(await socket.timeout(2000).emitWithAck('room.join', { room: rooms.post(missingPost) })).toEqual({
      ok: false,
      message: REALTIME_MESSAGES.roomRefused,
    });
    const pushes = receivedBeforeSentinel(socket);
    sut.server.app.get(RealtimeService).toRoom(rooms.post(missingPost), 'account.updated', { id: 1, username: 'gizli', avatarUrl: null } as never);
    pushes.sendSentinel();

    expect(await pushes.names).toEqual([]);
  });

  // Every joinable kind has its feature now; a kind nobody registered is room-access.registry.spec's.
  it.each([
    ['a login session’s room', 'session:abc'],
    ['a malformed name', 'post:../../x'],
    ['no name at all', undefined],
  ])('answers "unknown" for %s', async (_case, room) => {
    const socket = await connected();

    expect(await socket.timeout(2000).emitWithAck('room.join', { room } as { room: string })).toEqual({
      ok: false,
      message: REALTIME_MESSAGES.roomUnknown,
    });
  });

  it('refuses a member’s `user:` channel to a visitor (a member’s own is theirs only: see notifications.spec)', async () => {
    const socket = await connected();

    expect(await socket.timeout(2000).emitWithAck('room.join', { room: rooms.user(1) })).toEqual({
      ok: false,
      message: REALTIME_MESSAGES.roomRefused,
    });
  });

  it('stops receiving a room after leaving it', async () => {
    const socket = await connected();
    await socket.timeout(2000).emitWithAck('room.join', { room: rooms.post(leftPost) });

    socket.emit('room.leave', { room: rooms.post(leftPost) });
    await socket.timeout(2000).emitWithAck('clock.ping');
    const pushes = receivedBeforeSentinel(socket);
    sut.server.app.get(RealtimeService).toRoom(rooms.post(leftPost), 'account.updated', { id: 1, username: 'gitti', avatarUrl: null } as never);
    pushes.sendSentinel();

    expect(await pushes.names).toEqual([]);
  });
});

describe('What a connected socket holds', () => {
  let database: TestDatabase;
  let server: ServerProcess;
  const sockets: ClientSocket[] = [];

  beforeAll(async () => {
    database = await createTestDatabase();
    server = await startServerProcess({ DATABASE_URL: database.url, REDIS_URL: TEST_REDIS_URL, REDIS_PREFIX: uniqueRedisPrefix(), LOG_LEVEL: 'warn' });
  });

  afterAll(async () => {
    sockets.forEach((socket) => socket.disconnect());
    await server.stop();
    await database.drop();
  });

  const heldHeap = async (): Promise<number> => (await server.command('heldHeap', {})) as number;

  /**
   * The server's handlers are bound to each socket with one listener per event. Nest's own binding
   * held an rxjs pipeline per event per socket, some 35 KB a socket more. Measured in a server
   * process of its own, each socket answered once and refused once.
   */
  it('costs the server little heap per socket, each having been answered', async () => {
    const origin = `http://${new URL(server.url).host}`;
    const warm = connect(server.url, origin);
    sockets.push(warm);
    expect(await outcome(warm)).toBe('connected');
    await warm.timeout(2000).emitWithAck('clock.ping');
    const count = 300;
    const before = await heldHeap();

    const opened = Array.from({ length: count }, () => connect(server.url, origin));
    sockets.push(...opened);
    expect(new Set(await Promise.all(opened.map(outcome)))).toEqual(new Set(['connected']));
    await Promise.all(opened.map((socket) => socket.timeout(5000).emitWithAck('clock.ping')));
    const refusals = await Promise.all(opened.map((socket) => socket.timeout(5000).emitWithAck('room.join', { room: 'room:yok' })));
    expect(new Set(refusals.map((reply) => JSON.stringify(reply)))).toEqual(new Set([JSON.stringify({ ok: false, message: REALTIME_MESSAGES.roomRefused })]));

    const perSocket = ((await heldHeap()) - before) / count;
    expect(perSocket).toBeGreaterThan(0);
    expect(perSocket).toBeLessThan(SOCKET_HEAP_BUDGET_BYTES);
  });

  it('answers through the acknowledgement, and a refused payload too, on a socket that asked many times at once', async () => {
    const socket = connect(server.url, `http://${new URL(server.url).host}`);
    sockets.push(socket);
    expect(await outcome(socket)).toBe('connected');

    const replies = await Promise.all([
      ...Array.from({ length: 20 }, () => socket.timeout(2000).emitWithAck('clock.ping')),
      socket.timeout(2000).emitWithAck('room.join', 'oda' as never),
    ]);

    expect(replies.slice(0, 20).every((reply) => typeof (reply as { serverTime: number }).serverTime === 'number')).toBe(true);
    expect(replies[20]).toMatchObject({ ok: false });
    expect(typeof (replies[20] as { message: string }).message).toBe('string');
  });
});
