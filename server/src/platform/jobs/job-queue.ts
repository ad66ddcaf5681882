import type { EntityManager } from 'typeorm';

/**
 * The jobs and their payloads. A feature declares its jobs next to its code by augmenting this
 * interface, so `define` and `enqueue` agree on each payload on both backends:
 *
 *   declare module '../platform/jobs/job-queue' {
 *     interface JobMap { 'mail.deliver': { outboxId: string } }
 *   }
 */
export interface JobMap {}

export type JobName = keyof JobMap;

/** What a job processor receives; `attempt` starts at 1. */
export interface JobContext {
  jobId: string;
  attempt: number;
}

export type JobProcessor<T> = (data: T, context: JobContext) => Promise<void>;

export interface JobDefinition<T> {
  process: JobProcessor<T>;
  /** Tries before the job is given up (default 5). */
  attempts?: number;
  /** First retry delay; doubles on each retry (default 1 s). */
  backoffMs?: number;
}

export interface EnqueueOptions {
  /** Makes the enqueue idempotent: a job with the same id is queued once. */
  jobId?: string;
  delayMs?: number;
}

export interface DurableEnqueueOptions extends EnqueueOptions {
  /** The transaction of the write the job follows from: the job is recorded only if it commits. */
  manager?: EntityManager;
}

/**
 * Slow and fan-out work leaves the request path through a queue of typed jobs. Processors are
 * idempotent, so a job that runs twice does no harm.
 */
interface TypedJobs<Options> {
  define<N extends JobName>(name: N, definition: JobDefinition<JobMap[N]>): void;
  enqueue<N extends JobName>(name: N, data: JobMap[N], options?: Options): Promise<void>;
  /** Starts consuming jobs in this process. */
  startProcessing(): Promise<void>;
  /** Stops taking new jobs and waits for the running ones to finish. */
  drain(): Promise<void>;
}

/**
 * What services inject (JOB_QUEUE): `enqueue` records the job in the outbox (in the caller's
 * transaction when given one) and never waits on Redis; the outbox relay hands it to the backend.
 */
export type JobQueue = TypedJobs<DurableEnqueueOptions>;

/**
 * Where jobs run: BullMQ on Redis when REDIS_URL is set (consumed by worker processes),
 * in-process otherwise. Only the outbox relay enqueues on it.
 */
export interface JobBackend extends TypedJobs<EnqueueOptions> {
  /** False while the backend cannot take a job at once (Redis away): the relay tries later. */
  canAccept(): boolean;
}

export const JOB_QUEUE = Symbol('JOB_QUEUE');
export const JOB_BACKEND = Symbol('JOB_BACKEND');

export const DEFAULT_ATTEMPTS = 5;
export const DEFAULT_BACKOFF_MS = 1000;
