import { Client } from 'pg';
import request from 'supertest';
import { TEST_DATABASE_URL } from '../support/services';
import { startTestApp, type TestApp } from '../support/test-app';

/** Probes until `accept` holds or the time is up; answers the last value either way. */
async function eventually<T>(probe: () => Promise<T>, accept: (value: T) => boolean, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (accept(value) || Date.now() > deadline) return value;
    await new Promise((resolveWait) => setTimeout(resolveWait, 100));
  }
}

describe('liveness and readiness', () => {
  let sut: TestApp;
  let admin: Client;

  const get = async (path: string) => {
    const response = await request(sut.baseUrl).get(path);
    return { status: response.status, body: response.body as unknown, cacheControl: response.headers['cache-control'] };
  };

  /** Refuses new connections to the app's database and ends the open ones: the database stops answering it. */
  const cutDatabase = async (cut: boolean) => {
    await admin.query(`ALTER DATABASE ${sut.database.name} WITH ALLOW_CONNECTIONS ${cut ? 'false' : 'true'}`);
    if (cut) await admin.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1', [sut.database.name]);
  };

  beforeAll(async () => {
    sut = await startTestApp();
    admin = new Client({ connectionString: TEST_DATABASE_URL });
    await admin.connect();
  });

  afterAll(async () => {
    await cutDatabase(false);
    await admin.end();
    await sut.close();
  });

  it('answers /livez, /readyz and its alias /healthz with 200 while the database answers', async () => {
    const ready = { status: 200, body: { status: 'ok', database: 'ok', redis: 'not-configured' }, cacheControl: 'no-store' };

    expect(await get('/livez')).toEqual({ status: 200, body: { status: 'ok' }, cacheControl: 'no-store' });
    expect(await get('/readyz')).toEqual(ready);
    expect(await get('/healthz')).toEqual(ready);
  });

  it('is not ready (503) while the database does not answer, yet alive, and ready again when it is back', async () => {
    await cutDatabase(true);

    const down = await eventually(() => get('/readyz'), (result) => result.status === 503);
    expect(down).toMatchObject({ status: 503, body: { status: 'unavailable', database: 'down', redis: 'not-configured' } });
    expect(await get('/healthz')).toMatchObject({ status: 503, body: { status: 'unavailable', database: 'down' } });
    expect(await get('/livez')).toMatchObject({ status: 200, body: { status: 'ok' } });

    await cutDatabase(false);
    const back = await eventually(() => get('/readyz'), (result) => result.status === 200);
    expect(back).toMatchObject({ status: 200, body: { status: 'ok', database: 'ok' } });
  });
});
