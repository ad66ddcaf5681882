import { Global, Inject, Module, type OnApplicationBootstrap, type BeforeApplicationShutdown } from '@nestjs/common';
import { PinoLogger } from 'nestjs-pino';
import type { AppConfig } from '../config/config';
import { APP_CONFIG } from '../config/config.tokens';
import { BullMqJobQueue } from './bullmq-job-queue';
import { InProcessJobQueue } from './in-process-job-queue';
import { JOB_QUEUE, type JobQueue } from './job-queue';

/** Picks the queue for the mode; features define their processors in onModuleInit. */
@Global()
@Module({
  providers: [
    {
      provide: JOB_QUEUE,
      inject: [APP_CONFIG, PinoLogger],
      useFactory: (config: AppConfig, logger: PinoLogger): JobQueue =>
        config.redisUrl
          ? new BullMqJobQueue(config.redisUrl, config.redisPrefix, logger.logger)
          : new InProcessJobQueue(logger.logger),
    },
  ],
  exports: [JOB_QUEUE],
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
