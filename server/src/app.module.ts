import { type DynamicModule, Module } from '@nestjs/common';
import { LoggerModule } from 'nestjs-pino';
import type { Logger } from 'pino';
import type { AppConfig } from './platform/config/config';
import { ConfigModule } from './platform/config/config.module';
import { DatabaseModule } from './platform/database/database.module';
import { HttpModule } from './platform/http/http.module';
import { JobsModule } from './platform/jobs/jobs.module';
import { RateLimitModule } from './platform/rate-limit/rate-limit.module';
import { RealtimeModule } from './platform/realtime/realtime.module';
import { RedisModule } from './platform/redis/redis.module';

export interface AppModuleOptions {
  config: AppConfig;
  databaseUrl: string;
  logger: Logger;
  /** A server answers HTTP and sockets; a worker only runs jobs. */
  role: 'server' | 'worker';
}

/** Feature modules, shared by the server and the worker. */
const FEATURE_MODULES: DynamicModule['imports'] = [];

@Module({})
export class AppModule {
  static forRoot({ config, databaseUrl, logger, role }: AppModuleOptions): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ConfigModule.forRoot(config),
        LoggerModule.forRoot({ pinoHttp: { logger }, useExisting: true }),
        DatabaseModule.forRoot(databaseUrl),
        RedisModule,
        JobsModule,
        RateLimitModule,
        ...(role === 'server' ? [HttpModule, RealtimeModule] : []),
        ...(FEATURE_MODULES ?? []),
      ],
    };
  }
}
