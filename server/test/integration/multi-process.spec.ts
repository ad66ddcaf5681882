import { rooms, type ClientToServerEvents, type ServerToClientEvents, SOCKET_PATH } from '@seyirlik/shared-contracts';
import { io, type Socket } from 'socket.io-client';
import { startCluster, type ServerProcess } from '../harness/cluster';
import { TEST_REDIS_URL } from '../support/services';
import { createTestDatabase, type TestDatabase, uniqueRedisPrefix } from '../support/test-database';

type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

describe('two server processes on one PostgreSQL and one Redis', () => {
  let database: TestDatabase;
  let cluster: ServerProcess[];
  let socket: ClientSocket;

  beforeAll(async () => {
    database = await createTestDatabase();
    cluster = await startCluster(2, {
      DATABASE_URL: database.url,
      REDIS_URL: TEST_REDIS_URL,
      REDIS_PREFIX: uniqueRedisPrefix(),
    });
  });

  afterAll(async () => {
    socket?.disconnect();
    const codes = await Promise.all(cluster.map((server) => server.stop()));
    await database.drop();
    expect(codes).toEqual([0, 0]);
  });

  it('delivers an event emitted on process A to a socket connected to process B', async () => {
    const [processA, processB] = cluster as [ServerProcess, ServerProcess];
    socket = io(processB.url, { path: SOCKET_PATH, transports: ['websocket'], reconnection: false });
    await new Promise<void>((resolveConnect, reject) => {
      socket.once('connect', resolveConnect);
      socket.once('connect_error', reject);
    });
    const received = new Promise<unknown>((resolveEvent) => socket.once('session.ended', resolveEvent));

    // Process A adds B's socket to a member's room and emits there: both cross the Redis adapter.
    await processA.command('join', { from: socket.id, room: rooms.user(7) });
    // The join itself crosses Redis and may land after the command answers: emit until the event arrives.
    let arrived = false;
    void received.then(() => (arrived = true));
    for (const deadline = Date.now() + 10_000; !arrived && Date.now() < deadline; ) {
      await processA.command('emit', { room: rooms.user(7), event: 'session.ended', payload: { reason: 'logout' } });
      await Promise.race([received, new Promise((resolveWait) => setTimeout(resolveWait, 100))]);
    }

    await expect(received).resolves.toEqual({ reason: 'logout' });
  });

  it('reports both processes healthy with Redis', async () => {
    for (const server of cluster) {
      const response = await fetch(`${server.url}/healthz`);
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ status: 'ok', database: 'ok', redis: 'ok' });
    }
  });
});
