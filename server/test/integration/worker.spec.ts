import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { ACCOUNT_MESSAGES as M } from '@seyirlik/shared-contracts';
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

async function waitForOutput(sut: ReturnType<typeof startWorker>, text: string): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (!sut.output.join('').includes(text) && Date.now() < deadline && sut.child.exitCode === null) {
    await new Promise((resolveWait) => setTimeout(resolveWait, 100));
  }
  expect(sut.output.join('')).toContain(text);
}

describe('job worker process', () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase();
  });

  afterAll(() => database.drop());

  it('starts against PostgreSQL and Redis, migrates, and stops cleanly on SIGTERM', async () => {
    const sut = startWorker({ DATABASE_URL: database.url, REDIS_URL: TEST_REDIS_URL, REDIS_PREFIX: uniqueRedisPrefix() });
    await waitForOutput(sut, 'job worker started');

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
  /** A new member with a live socket, and the first `account.updated` pushed to it. */
  async function memberWatchingTheirAccount(serverUrl: string) {
    const { agent } = await registerMember(serverUrl);
    const cookie = (await agent.get('/api/auth/session')).request.cookies;
    const socket = io(serverUrl, { path: '/socket.io', transports: ['websocket'], extraHeaders: { Cookie: cookie }, reconnection: false });
    await new Promise<void>((resolveConnect) => socket.once('connect', () => resolveConnect()));
    const pushed = new Promise<{ avatarUrl: string }>((resolvePush) => socket.once('account.updated', resolvePush));
    return { agent, socket, pushed };
  }

  it('is queued by a server that runs no jobs, re-encoded by the worker, and pushed to the member', async () => {
    const database = await createTestDatabase();
    const prefix = uniqueRedisPrefix();
    const env = { DATABASE_URL: database.url, REDIS_URL: TEST_REDIS_URL, REDIS_PREFIX: prefix };
    const server = await startServerProcess({ ...env, RUN_JOBS: 'false' });
    const worker = startWorker(env);
    try {
      await waitForOutput(worker, 'job worker started');
      const { agent, socket, pushed } = await memberWatchingTheirAccount(server.url);

      const response = await agent.post('/api/me/avatar').attach('file', await buildPng(), 'a.png');

      // The request waits a few seconds for the job; a worker slower than that (a loaded machine)
      // gets the "being processed" answer, and the push then brings the image.
      expect(response.status).toBe(200);
      expect(response.body.account.avatarUrl).toBe(response.body.image);
      const pushedUrl = (await pushed).avatarUrl;
      expect(pushedUrl).toMatch(/^\/media\/[0-9a-f-]{36}\.webp$/);
      if (response.body.image === null) expect(response.body.message).toBe(M.avatarProcessing);
      else expect(pushedUrl).toBe(response.body.image);
      expect((await agent.get('/api/auth/session')).body.user.avatarUrl).toBe(pushedUrl);
      socket.disconnect();
    } finally {
      worker.child.kill('SIGTERM');
      await worker.exited;
      await server.stop();
      await database.drop();
    }
  });

  it('answers "being processed" while no worker runs, and the push brings the image once one starts', async () => {
    const database = await createTestDatabase();
    const env = { DATABASE_URL: database.url, REDIS_URL: TEST_REDIS_URL, REDIS_PREFIX: uniqueRedisPrefix() };
    const server = await startServerProcess({ ...env, RUN_JOBS: 'false' });
    let worker: ReturnType<typeof startWorker> | null = null;
    try {
      const { agent, socket, pushed } = await memberWatchingTheirAccount(server.url);

      const response = await agent.post('/api/me/avatar').attach('file', await buildPng(), 'a.png');

      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({ image: null, account: { avatarUrl: null }, message: M.avatarProcessing });
      worker = startWorker(env);
      const pushedUrl = (await pushed).avatarUrl;
      expect(pushedUrl).toMatch(/^\/media\/[0-9a-f-]{36}\.webp$/);
      expect((await agent.get('/api/auth/session')).body.user.avatarUrl).toBe(pushedUrl);
      expect((await agent.get(pushedUrl)).headers['content-type']).toBe('image/webp');
      socket.disconnect();
    } finally {
      if (worker) {
        worker.child.kill('SIGTERM');
        await worker.exited;
      }
      await server.stop();
      await database.drop();
    }
  });
});
