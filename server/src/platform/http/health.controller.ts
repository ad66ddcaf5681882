import { Controller, Get, Inject, Res } from '@nestjs/common';
import type { Health } from '@seyirlik/shared-contracts';
import type { Response } from 'express';
import type { Redis } from 'ioredis';
import { DataSource } from 'typeorm';
import { REDIS } from '../redis/redis.module';
import { pingRedis } from '../redis/redis';

const CHECK_TIMEOUT_MS = 1000;

@Controller()
export class HealthController {
  constructor(
    private readonly dataSource: DataSource,
    @Inject(REDIS) private readonly redis: Redis | null,
  ) {}

  /** 200 when the database (and Redis, when configured) answer; 503 otherwise. */
  @Get('healthz')
  async health(@Res() response: Response): Promise<void> {
    const [database, redis] = await Promise.all([this.databaseUp(), this.redis ? pingRedis(this.redis, CHECK_TIMEOUT_MS) : null]);
    const health: Health = {
      status: database && redis !== false ? 'ok' : 'unavailable',
      database: database ? 'ok' : 'down',
      redis: redis === null ? 'not-configured' : redis ? 'ok' : 'down',
    };
    response.status(health.status === 'ok' ? 200 : 503).setHeader('Cache-Control', 'no-store').json(health);
  }

  private async databaseUp(): Promise<boolean> {
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<boolean>((resolveDeadline) => {
      timer = setTimeout(() => resolveDeadline(false), CHECK_TIMEOUT_MS);
    });
    try {
      return await Promise.race([this.dataSource.query('SELECT 1').then(() => true), deadline]);
    } catch {
      return false;
    } finally {
      clearTimeout(timer);
    }
  }
}
