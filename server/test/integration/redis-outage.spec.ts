import { startServerProcess, type ServerProcess } from '../harness/cluster';
import { DisposableRedis } from '../support/redis-server';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

async function probe(server: ServerProcess, path: '/livez' | '/readyz' | '/healthz'): Promise<{ status: number; body: unknown }> {
  const response = await fetch(`${server.url}${path}`);
  return { status: response.status, body: await response.json() };
}

async function eventually<T>(probe: () => Promise<T>, accept: (value: T) => boolean, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (accept(value) || Date.now() > deadline) return value;
    await new Promise((resolveWait) => setTimeout(resolveWait, 200));
  }
}

describe('Redis outage', () => {
  let database: TestDatabase;
  let redis: DisposableRedis;
  let server: ServerProcess;

  beforeAll(async () => {
    database = await createTestDatabase();
    redis = await DisposableRedis.start();
    server = await startServerProcess({ DATABASE_URL: database.url, REDIS_URL: redis.url });
  });

  afterAll(async () => {
    await server?.stop();
    await redis?.stop();
    await database?.drop();
  });

  it('stays live and ready (Redis degraded) while Redis is down, keeps running, and reports it back when it returns', async () => {
    const ready = { status: 200, body: { status: 'ok', database: 'ok', redis: 'ok' } };
    const degraded = { status: 200, body: { status: 'degraded', database: 'ok', redis: 'down' } };
    expect(await probe(server, '/readyz')).toEqual(ready);

    await redis.stop();
    const down = await eventually(() => probe(server, '/readyz'), (result) => (result.body as { redis?: string }).redis === 'down');
    expect(down).toEqual(degraded);
    expect(await probe(server, '/healthz')).toEqual(degraded);
    expect(await probe(server, '/livez')).toEqual({ status: 200, body: { status: 'ok' } });
    // Give reconnect attempts and the socket adapter time to fail a few times.
    await new Promise((resolveWait) => setTimeout(resolveWait, 1500));
    expect(server.child.exitCode).toBeNull();

    await redis.restart();
    const back = await eventually(() => probe(server, '/readyz'), (result) => (result.body as { redis?: string }).redis === 'ok');
    expect(back).toEqual(ready);
  });

  it('logs one structured line per request with its status and time', async () => {
    type Entry = { msg?: string; req?: { url: string; method: string }; res?: { statusCode: number }; responseTime?: number };
    const healthLines = () => server.output.map((line) => JSON.parse(line) as Entry).filter((entry) => entry.req?.url === '/readyz');
    // Log lines travel through a pipe and may trail the responses a little.
    const lines = await eventually(async () => healthLines(), (found) => found.length >= 3, 5000);

    expect(lines.length).toBeGreaterThanOrEqual(3);
    expect(lines.map((entry) => entry.res?.statusCode)).toEqual(expect.arrayContaining([200]));
    for (const entry of lines) {
      expect(entry.msg).toBe('request completed');
      expect(entry.req?.method).toBe('GET');
      expect(typeof entry.responseTime).toBe('number');
    }
  });
});
