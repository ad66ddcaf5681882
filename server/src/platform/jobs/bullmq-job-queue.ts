import { Queue, Worker, type Job } from 'bullmq';
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import { createRedisClient } from '../redis/redis';
import {
  DEFAULT_ATTEMPTS,
  DEFAULT_BACKOFF_MS,
  type EnqueueOptions,
  type JobDefinition,
  type JobQueue,
} from './job-queue';

const QUEUE_NAME = 'jobs';

/** BullMQ on Redis: any process enqueues, processes started with startProcessing() consume. */
export class BullMqJobQueue implements JobQueue {
  private readonly definitions = new Map<string, JobDefinition<unknown>>();
  private readonly queue: Queue;
  private worker: Worker | null = null;
  /** BullMQ leaves connections it was given open; they are closed here on drain. */
  private readonly connections: Redis[] = [];

  constructor(
    private readonly redisUrl: string,
    private readonly prefix: string,
    private readonly logger: Logger,
  ) {
    this.queue = new Queue(QUEUE_NAME, {
      connection: this.connection(),
      prefix: `${prefix}:bull`,
    });
    this.queue.on('error', (error) => logger.warn({ err: error.message }, 'job queue error'));
  }

  define<T>(name: string, definition: JobDefinition<T>): void {
    this.definitions.set(name, definition as JobDefinition<unknown>);
  }

  async enqueue<T>(name: string, data: T, options: EnqueueOptions = {}): Promise<void> {
    const definition = this.definitions.get(name);
    if (!definition) throw new Error(`unknown job "${name}"`);
    await this.queue.add(name, data, {
      jobId: options.jobId,
      delay: options.delayMs,
      attempts: definition.attempts ?? DEFAULT_ATTEMPTS,
      backoff: { type: 'exponential', delay: definition.backoffMs ?? DEFAULT_BACKOFF_MS },
      removeOnComplete: { count: 1000 },
      removeOnFail: { count: 5000 },
    });
  }

  async startProcessing(): Promise<void> {
    if (this.worker) return;
    this.worker = new Worker(QUEUE_NAME, (job: Job) => this.process(job), {
      connection: this.connection(),
      prefix: `${this.prefix}:bull`,
      concurrency: 4,
    });
    this.worker.on('error', (error) => this.logger.warn({ err: error.message }, 'job worker error'));
    this.worker.on('failed', (job, error) =>
      this.logger.warn({ job: job?.name, jobId: job?.id, attempt: job?.attemptsMade, err: error.message }, 'job failed'),
    );
  }

  async drain(): Promise<void> {
    await this.worker?.close();
    this.worker = null;
    await this.queue.close();
    for (const connection of this.connections.splice(0)) connection.disconnect();
  }

  private connection(): Redis {
    const connection = createRedisClient(this.redisUrl, 'queue', this.logger);
    this.connections.push(connection);
    return connection;
  }

  private async process(job: Job): Promise<void> {
    const definition = this.definitions.get(job.name);
    if (!definition) throw new Error(`no processor for job "${job.name}" in this process`);
    await definition.process(job.data, { jobId: job.id!, attempt: job.attemptsMade + 1 });
  }
}
