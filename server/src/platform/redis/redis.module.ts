import { Global, Inject, Module, type OnApplicationShutdown } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { PinoLogger } from 'nestjs-pino';
import { APP_CONFIG } from '../config/config.tokens';
import type { AppConfig } from '../config/config';
import { createRedisClient } from './redis';

/** The shared command client, or null when the app runs without Redis. */
export const REDIS = Symbol('REDIS');

@Global()
@Module({
  providers: [
    {
      provide: REDIS,
      inject: [APP_CONFIG, PinoLogger],
      useFactory: (config: AppConfig, logger: PinoLogger): Redis | null =>
        config.redisUrl ? createRedisClient(config.redisUrl, 'command', logger.logger) : null,
    },
  ],
  exports: [REDIS],
})
export class RedisModule implements OnApplicationShutdown {
  constructor(@Inject(REDIS) private readonly redis: Redis | null) {}

  async onApplicationShutdown(): Promise<void> {
    this.redis?.disconnect();
  }
}
