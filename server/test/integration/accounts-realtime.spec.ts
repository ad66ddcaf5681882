import { type ClientToServerEvents, type ServerToClientEvents, SOCKET_PATH, rooms } from '@seyirlik/shared-contracts';
import { io, type Socket } from 'socket.io-client';
import request from 'supertest';
import { registerMember } from '../factories/members';
import { startCluster, type ServerProcess } from '../harness/cluster';
import { TEST_REDIS_URL } from '../support/services';
import { createTestDatabase, type TestDatabase, uniqueRedisPrefix } from '../support/test-database';

type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

describe('sessions and sockets across two server processes', () => {
  let database: TestDatabase;
  let processA: ServerProcess;
  let processB: ServerProcess;
  const sockets: ClientSocket[] = [];

  beforeAll(async () => {
    database = await createTestDatabase();
    [processA, processB] = (await startCluster(2, {
      DATABASE_URL: database.url,
      REDIS_URL: TEST_REDIS_URL,
      REDIS_PREFIX: uniqueRedisPrefix(),
    })) as [ServerProcess, ServerProcess];
  });

  afterAll(async () => {
    sockets.forEach((socket) => socket.disconnect());
    await Promise.all([processA.stop(), processB.stop()]);
    await database.drop();
  });

  async function connect(server: ServerProcess, cookie?: string): Promise<ClientSocket> {
    const socket: ClientSocket = io(server.url, {
      path: SOCKET_PATH,
      transports: ['websocket'],
      reconnection: false,
      extraHeaders: cookie ? { Cookie: cookie } : {},
    });
    sockets.push(socket);
    await new Promise<void>((resolveConnect, reject) => {
      socket.once('connect', resolveConnect);
      socket.once('connect_error', reject);
    });
    return socket;
  }

  async function loggedIn(server: ServerProcess) {
    const { member, agent } = await registerMember(server.url);
    const cookie = (await agent.get('/api/auth/session')).request.cookies;
    const session = await agent.get('/api/auth/session');
    return { member, agent, cookie, userId: session.body.user.id as number };
  }

  /**
   * The `event` payloads the socket gets until a sentinel of that event, sent to the socket itself
   * from `server` after the action, arrives: what one process sends keeps its order, so what did
   * not come before the sentinel never comes.
   */
  const beforeSentinel = (socket: ClientSocket, event: keyof ServerToClientEvents, server: ServerProcess) => {
    const seen: unknown[] = [];
    const arrived = new Promise<unknown[]>((resolveSeen) =>
      socket.on(event, ((payload: { sentinel?: boolean }) => (payload?.sentinel ? resolveSeen(seen) : seen.push(payload))) as never),
    );
    return {
      sendSentinel: () => server.command('emit', { room: socket.id, event, payload: { sentinel: true } }),
      seen: arrived,
    };
  };

  it('drops the member’s socket on process B when they log out on process A', async () => {
    const { agent, cookie } = await loggedIn(processA);
    const socket = await connect(processB, cookie);
    const ended = new Promise((resolveEnded) => socket.once('session.ended', resolveEnded));
    const disconnected = new Promise((resolveDisconnect) => socket.once('disconnect', resolveDisconnect));

    const logout = await agent.post('/api/auth/logout');

    expect(logout.status).toBe(200);
    await expect(ended).resolves.toEqual({ reason: 'logout' });
    await expect(disconnected).resolves.toBe('io server disconnect');
  });

  it('pushes account changes made on process A to the member’s sockets on process B', async () => {
    const { agent, cookie, member } = await loggedIn(processA);
    const socket = await connect(processB, cookie);
    const updated = new Promise((resolveUpdate) => socket.once('account.updated', resolveUpdate));

    await agent.patch('/api/me/profile').send({ profileName: 'Yeni İsim', emailAddress: member.emailAddress });

    await expect(updated).resolves.toMatchObject({ username: member.username, profileName: 'Yeni İsim' });
  });

  it('ends the other sessions’ sockets on a password change, and keeps this browser’s', async () => {
    const { agent, cookie, member } = await loggedIn(processA);
    const otherDevice = request.agent(processB.url);
    await otherDevice.post('/auth/login').type('form').send({ username: member.username, password: member.password });
    const otherCookie = (await otherDevice.get('/api/auth/session')).request.cookies;
    const thisSocket = await connect(processB, cookie);
    const otherSocket = await connect(processA, otherCookie);
    const otherEnded = new Promise((resolveEnded) => otherSocket.once('session.ended', resolveEnded));
    const toThis = beforeSentinel(thisSocket, 'session.ended', processA);

    await agent.post('/api/me/password').send({ currentPassword: member.password, newPassword: 'yeni-parola-123', newPasswordAgain: 'yeni-parola-123' });

    await expect(otherEnded).resolves.toEqual({ reason: 'password-changed' });
    await toThis.sendSentinel();
    expect(await toThis.seen).toEqual([]);
    expect(thisSocket.connected).toBe(true);
  });

  it('treats a revoked session cookie at the handshake as a visitor', async () => {
    const { agent, cookie, userId } = await loggedIn(processA);
    await agent.post('/api/auth/logout');
    const socket = await connect(processB, cookie);
    const received = beforeSentinel(socket, 'account.updated', processA);

    await processA.command('emit', { room: rooms.user(userId), event: 'account.updated', payload: { id: userId } });
    await received.sendSentinel();

    expect(await received.seen).toEqual([]);
  });
});
