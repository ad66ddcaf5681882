import type { DataSource } from 'typeorm';
import type { OutboxRepository } from '../outbox/outbox.repository';
import type { DurableEnqueueOptions, JobBackend, JobDefinition, JobMap, JobName, JobQueue } from './job-queue';

/**
 * The queue services use: a job is a row of the outbox, written with the change it follows from
 * (PostgreSQL only, never a wait on Redis), and handed to the backend by the outbox relay.
 */
export class OutboxJobQueue implements JobQueue {
  constructor(
    private readonly backend: JobBackend,
    private readonly outbox: OutboxRepository,
    private readonly dataSource: DataSource,
  ) {}

  define<N extends JobName>(name: N, definition: JobDefinition<JobMap[N]>): void {
    this.backend.define(name, definition);
  }

  async enqueue<N extends JobName>(name: N, data: JobMap[N], options: DurableEnqueueOptions = {}): Promise<void> {
    const { manager = this.dataSource.manager, jobId, delayMs } = options;
    await this.outbox.insert(manager, { kind: 'job', name, payload: data, jobId, delayMs });
  }

  startProcessing(): Promise<void> {
    return this.backend.startProcessing();
  }

  drain(): Promise<void> {
    return this.backend.drain();
  }
}
