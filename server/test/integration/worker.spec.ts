import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { io } from 'socket.io-client';
import { buildPng } from '../factories/images';
import { registerMember } from '../factories/members';
import { startServerProcess } from '../harness/cluster';
import { TEST_REDIS_URL } from '../support/services';
import { createTestDatabase, type TestDatabase, uniqueRedisPrefix } from '../support/test-database';

const WORKER = join(__dirname, '..', '..', 'dist', 'worker.js');

function startWorker(env: Record<string, string>) {
  const child = spawn(process.execPath, [WORKER], {
    env: { ...process.env, LOG_LEVEL: 'info', DATABASE_URL: '', REDIS_URL: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  child.stdout.on('data', (chunk: Buffer) => output.push(chunk.toString('utf8')));
  child.stderr.on('data', (chunk: Buffer) => output.push(chunk.toString('utf8')));
  const exited = new Promise<number | null>((resolveExit) => child.once('exit', (code) => resolveExit(code)));
  return { child, output, exited };
}

describe('job worker process', () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase();
  });

  afterAll(() => database.drop());

  it('starts against PostgreSQL and Redis, migrates, and stops cleanly on SIGTERM', async () => {
    const sut = startWorker({ DATABASE_URL: database.url, REDIS_URL: TEST_REDIS_URL, REDIS_PREFIX: uniqueRedisPrefix() });
    const deadline = Date.now() + 30_000;
    while (!sut.output.join('').includes('job worker started') && Date.now() < deadline && sut.child.exitCode === null) {
      await new Promise((resolveWait) => setTimeout(resolveWait, 100));
    }
    expect(sut.output.join('')).toContain('job worker started');

    sut.child.kill('SIGTERM');
    expect(await sut.exited).toBe(0);
  });

  it('refuses to start without Redis, saying why', async () => {
    const sut = startWorker({ DATABASE_URL: database.url });

    expect(await sut.exited).toBe(1);
    expect(sut.output.join('')).toContain('The worker needs DATABASE_URL and REDIS_URL');
  });

  it('refuses a bad configuration before doing anything', async () => {
    const sut = startWorker({ DATABASE_URL: 'mysql://nope', REDIS_URL: TEST_REDIS_URL });

    expect(await sut.exited).toBe(1);
    expect(sut.output.join('')).toContain('DATABASE_URL="mysql://nope"');
  });
});

describe('avatar processing on a worker process', () => {
  it('is queued by a server that runs no jobs, re-encoded by the worker, and pushed to the member', async () => {
    const database = await createTestDatabase();
    const prefix = uniqueRedisPrefix();
    const env = { DATABASE_URL: database.url, REDIS_URL: TEST_REDIS_URL, REDIS_PREFIX: prefix };
    const server = await startServerProcess({ ...env, RUN_JOBS: 'false' });
    const worker = startWorker(env);
    try {
      const { agent } = await registerMember(server.url);
      const cookie = (await agent.get('/api/auth/session')).request.cookies;
      const socket = io(server.url, { path: '/socket.io', transports: ['websocket'], extraHeaders: { Cookie: cookie }, reconnection: false });
      await new Promise<void>((resolveConnect) => socket.once('connect', () => resolveConnect()));
      const pushed = new Promise<{ avatarUrl: string }>((resolvePush) => socket.once('account.updated', resolvePush));

      const response = await agent.post('/api/me/avatar').attach('file', await buildPng(), 'a.png');

      expect(response.status).toBe(200);
      expect(response.body.account.avatarUrl).toBe(response.body.image);
      expect((await pushed).avatarUrl).toBe(response.body.image);
      expect(worker.output.join('')).toContain('job worker started');
      socket.disconnect();
    } finally {
      worker.child.kill('SIGTERM');
      await worker.exited;
      await server.stop();
      await database.drop();
    }
  });
});
