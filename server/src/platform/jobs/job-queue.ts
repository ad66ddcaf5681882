/** What a job processor receives; `attempt` starts at 1. */
export interface JobContext {
  jobId: string;
  attempt: number;
}

export type JobProcessor<T = unknown> = (data: T, context: JobContext) => Promise<void>;

export interface JobDefinition<T = unknown> {
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

/**
 * Slow and fan-out work leaves the request path through this queue: BullMQ on Redis when
 * REDIS_URL is set (consumed by worker processes), in-process otherwise. Processors are
 * idempotent, so a job that runs twice does no harm.
 */
export interface JobQueue {
  define<T>(name: string, definition: JobDefinition<T>): void;
  enqueue<T>(name: string, data: T, options?: EnqueueOptions): Promise<void>;
  /** Starts consuming jobs in this process. */
  startProcessing(): Promise<void>;
  /** Stops taking new jobs and waits for the running ones to finish. */
  drain(): Promise<void>;
}

export const JOB_QUEUE = Symbol('JOB_QUEUE');

export const DEFAULT_ATTEMPTS = 5;
export const DEFAULT_BACKOFF_MS = 1000;
