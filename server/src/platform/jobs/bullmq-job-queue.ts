import { Queue, Worker, type Job } from 'bullmq';
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import { createRedisClient } from '../redis/redis';
import {
  DEFAULT_ATTEMPTS,
  DEFAULT_BACKOFF_MS,
  type EnqueueOptions,
  type JobBackend,
  type JobDefinition,
  type JobMap,
  type JobName,
} from './job-queue';

const QUEUE_NAME = 'jobs';
/** An add that Redis has not answered by then is left to the relay's next try (BullMQ dedupes by job id). */
const ADD_TIMEOUT_MS = 2_000;

/** BullMQ on Redis: any process enqueues, processes started with startProcessing() consume. */
export class BullMqJobQueue implements JobBackend {
  private readonly definitions = new Map<string, JobDefinition<unknown>>();
  private readonly queue: Queue;
  private readonly queueConnection: Redis;
  private worker: Worker | null = null;
  /** BullMQ leaves connections it was given open; they are closed here on drain. */
  private readonly connections: Redis[] = [];

  constructor(
    private readonly redisUrl: string,
    private readonly prefix: string,
    private readonly logger: Logger,
  ) {
    this.queueConnection = this.connection();
    this.queue = new Queue(QUEUE_NAME, {
      connection: this.queueConnection,
      prefix: `${prefix}:bull`,
    });
    this.queue.on('error', (error) => logger.warn({ err: error.message }, 'job queue error'));
  }

  define<N extends JobName>(name: N, definition: JobDefinition<JobMap[N]>): void {
    this.definitions.set(name, definition as JobDefinition<unknown>);
  }

  canAccept(): boolean {
    return this.queueConnection.status === 'ready';
  }

  /** Rejects instead of waiting for Redis past ADD_TIMEOUT_MS. */
  async enqueue<N extends JobName>(name: N, data: JobMap[N], options: EnqueueOptions = {}): Promise<void> {
    const definition = this.definitions.get(name);
    if (!definition) throw new Error(`unknown job "${name}"`);
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<never>((_resolve, reject) => {
      timer = setTimeout(() => reject(new Error('redis did not take the job in time')), ADD_TIMEOUT_MS);
    });
    const added = this.queue.add(name, data, {
      jobId: options.jobId,
      delay: options.delayMs,
      attempts: definition.attempts ?? DEFAULT_ATTEMPTS,
      backoff: { type: 'exponential', delay: definition.backoffMs ?? DEFAULT_BACKOFF_MS },
      removeOnComplete: { count: 1000 },
      removeOnFail: { count: 5000 },
    });
    try {
      await Promise.race([added, deadline]);
    } finally {
      clearTimeout(timer);
    }
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
