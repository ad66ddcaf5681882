import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { DataSource } from 'typeorm';
import { registerMember, visitorAgent } from '../factories/members';
import { startServerProcess } from '../harness/cluster';
import { dataSourceOptions } from '../../src/platform/database/data-source';
import { OutboxRepository } from '../../src/platform/outbox/outbox.repository';
import { DisposableRedis } from '../support/redis-server';
import { createTestDatabase, type TestDatabase, uniqueRedisPrefix } from '../support/test-database';

const WORKER = join(__dirname, '..', '..', 'dist', 'worker.js');
const KEPT_MAIL = 'mail kept in the outbox';

function startWorker(env: Record<string, string>) {
  const child = spawn(process.execPath, [WORKER], { env: { ...process.env, LOG_LEVEL: 'info', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  const output: string[] = [];
  child.stdout.on('data', (chunk: Buffer) => output.push(chunk.toString('utf8')));
  const exited = new Promise<void>((resolveExit) => child.once('exit', () => resolveExit()));
  /** The recipients of the mails the worker delivered (kept in the outbox without SMTP), one entry per delivery. */
  const deliveredTo = () =>
    output
      .join('')
      .split('\n')
      .filter((line) => line.includes(KEPT_MAIL))
      .map((line) => (JSON.parse(line) as { to: string }).to);
  return { child, exited, deliveredTo };
}

async function waitFor(check: () => boolean, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolveWait) => setTimeout(resolveWait, 50));
  }
}

describe('jobs while Redis is away', () => {
  let database: TestDatabase;
  let redis: DisposableRedis;

  beforeAll(async () => {
    [database, redis] = await Promise.all([createTestDatabase(), DisposableRedis.start()]);
  });

  afterAll(async () => {
    await redis.stop();
    await database.drop();
  });

  it('answers forgot-password as fast for a member as for a stranger, and the mail goes out once Redis is back, though the server was killed', async () => {
    const env = { DATABASE_URL: database.url, REDIS_URL: redis.url, REDIS_PREFIX: uniqueRedisPrefix(), TRUST_PROXY: 'true' };
    const server = await startServerProcess({ ...env, RUN_JOBS: 'false' });
    const { member } = await registerMember(server.url);
    await redis.stop();

    const timed = async (email: string) => {
      const startedAt = Date.now();
      const response = await visitorAgent(server.url).post('/api/auth/forgot-password').send({ email });
      return { status: response.status, ms: Date.now() - startedAt };
    };
    const known = await timed(member.emailAddress);
    const unknown = await timed('kimse@example.com');

    expect(known.status).toBe(unknown.status);
    expect(known.status).toBeLessThan(300);
    expect(known.ms).toBeLessThan(1000);
    expect(unknown.ms).toBeLessThan(1000);

    // The job is in PostgreSQL only: the server dies before it could hand it to Redis.
    server.child.kill('SIGKILL');
    await server.stop();
    await redis.restart();
    const worker = startWorker(env);
    try {
      await waitFor(() => worker.deliveredTo().includes(member.emailAddress));

      // A sentinel mail queued after it: once it went out, the first cannot still be on its way.
      const sentinel = new DataSource(dataSourceOptions(database.url));
      await sentinel.initialize();
      await sentinel.transaction(async (manager) => {
        const [{ id }] = (await manager.query(
          "INSERT INTO mail_outbox (recipient, subject, text_body, html_body) VALUES ('sentinel@example.com', 's', 't', 'h') RETURNING id",
        )) as Array<{ id: string }>;
        await new OutboxRepository().insert(manager, { kind: 'job', name: 'mail.deliver', payload: { outboxId: String(id) }, jobId: `mail-${id}` });
      });
      await sentinel.destroy();
      await waitFor(() => worker.deliveredTo().includes('sentinel@example.com'));

      expect(worker.deliveredTo()).toEqual([member.emailAddress, 'sentinel@example.com']);
    } finally {
      worker.child.kill('SIGTERM');
      await worker.exited;
    }
  });
});
