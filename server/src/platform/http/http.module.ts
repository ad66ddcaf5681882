import { Global, Module } from '@nestjs/common';
import { APP_FILTER } from '@nestjs/core';
import { AjaxServiceController } from './ajax-service.controller';
import { AjaxServiceRegistry } from './ajax-service.registry';
import { HealthController } from './health.controller';
import { HttpErrorFilter } from './http-error.filter';

@Global()
@Module({
  controllers: [AjaxServiceController, HealthController],
  providers: [AjaxServiceRegistry, { provide: APP_FILTER, useClass: HttpErrorFilter }],
  exports: [AjaxServiceRegistry],
})
export class HttpModule {}
