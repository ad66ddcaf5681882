import { Body, Controller, HttpCode, Post, Req } from '@nestjs/common';
import type { Request } from 'express';
import { AjaxServiceRegistry } from './ajax-service.registry';

@Controller()
export class AjaxServiceController {
  constructor(private readonly registry: AjaxServiceRegistry) {}

  @Post('ajax/service')
  @HttpCode(200)
  async handle(@Body() body: unknown, @Req() request: Request): Promise<Record<string, unknown>> {
    return { success: true, ...(await this.registry.dispatch(body, request)) };
  }
}
