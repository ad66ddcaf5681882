import pino from 'pino';
import { BullMqJobQueue } from '../../src/platform/jobs/bullmq-job-queue';
import { InProcessJobQueue } from '../../src/platform/jobs/in-process-job-queue';
import type { JobBackend } from '../../src/platform/jobs/job-queue';
import { TEST_REDIS_URL } from '../support/services';
import { uniqueRedisPrefix } from '../support/test-database';

declare module '../../src/platform/jobs/job-queue' {
  interface JobMap {
    'test.mail': { to: string };
    'test.flaky': Record<string, never>;
    'test.release': { episodeId: number };
    'test.slow': Record<string, never>;
  }
}

const logger = pino({ level: 'silent' });

async function waitFor(check: () => boolean, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolveWait) => setTimeout(resolveWait, 20));
  }
}

describe.each([
  ['in-process', () => new InProcessJobQueue(logger)],
  ['BullMQ on Redis', () => new BullMqJobQueue(TEST_REDIS_URL, uniqueRedisPrefix(), logger)],
])('job queue: %s', (_name, createQueue: () => JobBackend) => {
  let sut: JobBackend;

  beforeEach(() => {
    sut = createQueue();
  });

  afterEach(() => sut.drain());

  it('runs a queued job with its data', async () => {
    const seen: unknown[] = [];
    sut.define('test.mail', { process: async (data) => void seen.push(data) });
    await sut.startProcessing();

    await sut.enqueue('test.mail', { to: 'ayse@example.com' });

    await waitFor(() => seen.length === 1);
    expect(seen).toEqual([{ to: 'ayse@example.com' }]);
  });

  it('retries a failing job with backoff until it succeeds', async () => {
    const attempts: number[] = [];
    sut.define('test.flaky', {
      backoffMs: 10,
      process: async (_data, { attempt }) => {
        attempts.push(attempt);
        if (attempt < 3) throw new Error('temporary failure');
      },
    });
    await sut.startProcessing();

    await sut.enqueue('test.flaky', {});

    await waitFor(() => attempts.length === 3);
    await new Promise((resolveWait) => setTimeout(resolveWait, 100));
    expect(attempts).toEqual([1, 2, 3]);
  });

  it('queues a job with the same id once', async () => {
    let runs = 0;
    sut.define('test.release', { process: async () => void (runs += 1) });

    await sut.enqueue('test.release', { episodeId: 1 }, { jobId: 'release-1' });
    await sut.enqueue('test.release', { episodeId: 1 }, { jobId: 'release-1' });
    await sut.startProcessing();

    await waitFor(() => runs >= 1);
    await new Promise((resolveWait) => setTimeout(resolveWait, 200));
    expect(runs).toBe(1);
  });

  it('lets a running job finish when draining', async () => {
    let finished = false;
    let started = false;
    sut.define('test.slow', {
      process: async () => {
        started = true;
        await new Promise((resolveWait) => setTimeout(resolveWait, 300));
        finished = true;
      },
    });
    await sut.startProcessing();
    await sut.enqueue('test.slow', {});
    await waitFor(() => started);

    await sut.drain();

    expect(finished).toBe(true);
  });

  it('refuses a job nobody defined; a name or payload outside JobMap does not compile (tsc -p server)', async () => {
    // @ts-expect-error: a name outside JobMap
    await expect(sut.enqueue('no.such.job', {})).rejects.toThrow(/unknown job/);
    // @ts-expect-error: the wrong payload for the job
    await expect(sut.enqueue('test.release', { episodeId: 'one' })).rejects.toThrow(/unknown job/);
  });
});
