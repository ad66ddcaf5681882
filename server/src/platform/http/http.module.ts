import { Global, Module } from '@nestjs/common';
import { APP_FILTER } from '@nestjs/core';
import { HealthController } from './health.controller';
import { HttpErrorFilter } from './http-error.filter';
import { LegacyCallController } from './legacy-call.controller';
import { LegacyCallRegistry } from './legacy-call.registry';

@Global()
@Module({
  controllers: [LegacyCallController, HealthController],
  providers: [LegacyCallRegistry, { provide: APP_FILTER, useClass: HttpErrorFilter }],
  exports: [LegacyCallRegistry],
})
export class HttpModule {}
