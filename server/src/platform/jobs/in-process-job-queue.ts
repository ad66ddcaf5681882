import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import {
  DEFAULT_ATTEMPTS,
  DEFAULT_BACKOFF_MS,
  type EnqueueOptions,
  type JobBackend,
  type JobDefinition,
  type JobMap,
  type JobName,
} from './job-queue';

/** The job queue of a single process without Redis: the same processors, run in this process. */
export class InProcessJobQueue implements JobBackend {
  private readonly definitions = new Map<string, JobDefinition<unknown>>();
  private readonly knownIds = new Set<string>();
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly running = new Set<Promise<void>>();
  private processing = false;
  private readonly waiting: Array<() => void> = [];

  constructor(private readonly logger: Logger) {}

  define<N extends JobName>(name: N, definition: JobDefinition<JobMap[N]>): void {
    this.definitions.set(name, definition as JobDefinition<unknown>);
  }

  /** Always: the jobs are held in this process's memory. */
  canAccept(): boolean {
    return true;
  }

  async enqueue<N extends JobName>(name: N, data: JobMap[N], options: EnqueueOptions = {}): Promise<void> {
    if (!this.definitions.has(name)) throw new Error(`unknown job "${name}"`);
    const jobId = options.jobId ?? randomUUID();
    if (this.knownIds.has(jobId)) return;
    this.knownIds.add(jobId);
    this.schedule(() => this.run(name, data, jobId, 1), options.delayMs ?? 0);
  }

  async startProcessing(): Promise<void> {
    this.processing = true;
    for (const start of this.waiting.splice(0)) start();
  }

  async drain(): Promise<void> {
    this.processing = false;
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    await Promise.allSettled([...this.running]);
  }

  private schedule(start: () => Promise<void>, delayMs: number): void {
    const launch = () => {
      if (!this.processing) {
        this.waiting.push(launch);
        return;
      }
      const job = start().finally(() => this.running.delete(job));
      this.running.add(job);
    };
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      launch();
    }, delayMs);
    this.timers.add(timer);
  }

  private async run(name: string, data: unknown, jobId: string, attempt: number): Promise<void> {
    const definition = this.definitions.get(name)!;
    try {
      await definition.process(data, { jobId, attempt });
      this.knownIds.delete(jobId);
    } catch (error) {
      const attempts = definition.attempts ?? DEFAULT_ATTEMPTS;
      if (attempt >= attempts) {
        this.knownIds.delete(jobId);
        this.logger.error({ job: name, jobId, attempt, err: error }, 'job failed, giving up');
        return;
      }
      const delay = (definition.backoffMs ?? DEFAULT_BACKOFF_MS) * 2 ** (attempt - 1);
      this.logger.warn({ job: name, jobId, attempt, retryInMs: delay, err: (error as Error).message }, 'job failed, retrying');
      this.schedule(() => this.run(name, data, jobId, attempt + 1), delay);
    }
  }
}
