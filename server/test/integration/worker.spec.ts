import { spawn } from 'node:child_process';
import { join } from 'node:path';
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
