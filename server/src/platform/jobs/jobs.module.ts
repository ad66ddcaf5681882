import { Global, Inject, Module, type OnApplicationBootstrap, type BeforeApplicationShutdown } from '@nestjs/common';
import { PinoLogger } from 'nestjs-pino';
import { DataSource } from 'typeorm';
import type { AppConfig } from '../config/config';
import { APP_CONFIG } from '../config/config.tokens';
import { OutboxRepository } from '../outbox/outbox.repository';
import { BullMqJobQueue } from './bullmq-job-queue';
import { InProcessJobQueue } from './in-process-job-queue';
import { JOB_BACKEND, JOB_QUEUE, type JobBackend, type JobQueue } from './job-queue';
import { OutboxJobQueue } from './outbox-job-queue';

/**
 * Picks the backend for the mode; features define their processors in onModuleInit and enqueue
 * through JOB_QUEUE, which records the job in the outbox (the relay hands it to the backend).
 */
@Global()
@Module({
  providers: [
    {
      provide: JOB_BACKEND,
      inject: [APP_CONFIG, PinoLogger],
      useFactory: (config: AppConfig, logger: PinoLogger): JobBackend =>
        config.redisUrl
          ? new BullMqJobQueue(config.redisUrl, config.redisPrefix, logger.logger)
          : new InProcessJobQueue(logger.logger),
    },
    {
      provide: JOB_QUEUE,
      inject: [JOB_BACKEND, OutboxRepository, DataSource],
      useFactory: (backend: JobBackend, outbox: OutboxRepository, dataSource: DataSource): JobQueue =>
        new OutboxJobQueue(backend, outbox, dataSource),
    },
  ],
  exports: [JOB_QUEUE, JOB_BACKEND],
})
export class JobsModule implements OnApplicationBootstrap, BeforeApplicationShutdown {
  constructor(
    @Inject(JOB_QUEUE) private readonly queue: JobQueue,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Processors are all defined by now (onModuleInit runs first). */
  async onApplicationBootstrap(): Promise<void> {
    // Without Redis there is nobody else to run the jobs, so this process always does.
    if (this.config.runJobs || !this.config.redisUrl) await this.queue.startProcessing();
  }

  /** Before the database and Redis close, let the running jobs finish. */
  async beforeApplicationShutdown(): Promise<void> {
    await this.queue.drain();
  }
}
