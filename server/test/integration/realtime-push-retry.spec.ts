import { createServer, type Server, type Socket as TcpSocket, connect } from 'node:net';
import { rooms, type ClientToServerEvents, type ServerToClientEvents, SOCKET_PATH } from '@seyirlik/shared-contracts';
import { io, type Socket } from 'socket.io-client';
import { startServerProcess, type ServerProcess } from '../harness/cluster';
import { freePort } from '../support/redis-server';
import { TEST_REDIS_URL } from '../support/services';
import { createTestDatabase, type TestDatabase, uniqueRedisPrefix } from '../support/test-database';

type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/** A TCP path to the real Redis for one process, which the test can cut (every connection dropped, new ones refused) and restore. */
class RedisLink {
  private server: Server | null = null;
  private readonly open = new Set<TcpSocket>();

  private constructor(readonly port: number) {}

  static async start(): Promise<RedisLink> {
    const link = new RedisLink(await freePort());
    await link.restore();
    return link;
  }

  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  async restore(): Promise<void> {
    const target = new URL(TEST_REDIS_URL);
    this.server = createServer((client) => {
      const upstream = connect(Number(target.port || 6379), target.hostname);
      for (const [from, to] of [
        [client, upstream],
        [upstream, client],
      ] as const) {
        this.open.add(from);
        from.pipe(to);
        from.on('error', () => to.destroy());
        from.on('close', () => {
          this.open.delete(from);
          to.destroy();
        });
      }
    });
    await new Promise<void>((resolveListen) => this.server!.listen(this.port, '127.0.0.1', resolveListen));
  }

  async cut(): Promise<void> {
    const server = this.server;
    this.server = null;
    const closed = new Promise<void>((resolveClose) => server?.close(() => resolveClose()));
    for (const socket of this.open) socket.destroy();
    await closed;
  }
}

describe('a push made while its process has lost Redis', () => {
  let database: TestDatabase;
  let link: RedisLink;
  let processA: ServerProcess;
  let processB: ServerProcess;
  let socket: ClientSocket;

  beforeAll(async () => {
    database = await createTestDatabase();
    link = await RedisLink.start();
    const env = { DATABASE_URL: database.url, REDIS_PREFIX: uniqueRedisPrefix() };
    processA = await startServerProcess({ ...env, REDIS_URL: link.url });
    processB = await startServerProcess({ ...env, REDIS_URL: TEST_REDIS_URL });
  });

  afterAll(async () => {
    socket?.disconnect();
    await Promise.all([processA.stop(), processB.stop()]);
    await link.cut();
    await database.drop();
  });

  it('reaches a socket on another process once the Redis of its own process is back, with no later event', async () => {
    socket = io(processB.url, { path: SOCKET_PATH, transports: ['websocket'], reconnection: false });
    await new Promise<void>((resolveConnect, reject) => {
      socket.once('connect', resolveConnect);
      socket.once('connect_error', reject);
    });
    const received: unknown[] = [];
    socket.on('session.ended', (payload) => void received.push(payload));
    await processB.command('join', { from: socket.id, room: rooms.user(7) });
    // The path works: an event from A reaches B's socket.
    await processA.command('emit', { room: rooms.user(7), event: 'session.ended', payload: { reason: 'logout' } });
    await waitFor(() => received.length === 1);

    await link.cut();
    await waitFor(async () => ((await (await fetch(`${processA.url}/healthz`)).json()) as { redis: string }).redis !== 'ok');
    await processA.command('emit', { room: rooms.user(7), event: 'session.ended', payload: { reason: 'password-reset' } });
    await link.restore();

    await waitFor(() => received.length === 2);
    expect(received).toEqual([{ reason: 'logout' }, { reason: 'password-reset' }]);
  });
});

async function waitFor(check: () => boolean | Promise<boolean>, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolveWait) => setTimeout(resolveWait, 50));
  }
}
