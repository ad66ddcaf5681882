import { Controller, Get, Inject, Res } from '@nestjs/common';
import type { Health, Liveness } from '@seyirlik/shared-contracts';
import type { Redis } from 'ioredis';
import { DataSource } from 'typeorm';
import { REDIS } from '../redis/redis.module';
import { PreparedStatement } from '../database/prepared-statement';
import { pingRedis } from '../redis/redis';
import type { HttpReply } from './http-types';

const CHECK_TIMEOUT_MS = 1000;

/** The readiness probe's one round trip, straight on the pool (probes come often). */
const PING = new PreparedStatement('health_ping', 'SELECT 1');

/**
 * Liveness and readiness apart, so a load balancer never pulls every replica for a Redis outage:
 * without Redis HTTP keeps working from PostgreSQL (only push waits), so Redis is reported, not required.
 */
@Controller()
export class HealthController {
  constructor(
    private readonly dataSource: DataSource,
    @Inject(REDIS) private readonly redis: Redis | null,
  ) {}

  /** 200 whenever the process answers; asks no dependency (a restart would not bring one back). */
  @Get('livez')
  live(@Res() response: HttpReply): void {
    const liveness: Liveness = { status: 'ok' };
    void response.code(200).header('Cache-Control', 'no-store').send(liveness);
  }

  /**
   * 200 while the database answers (`degraded` when Redis does not), 503 when it does not.
   * `/healthz` is kept as an alias for callers that knew only it.
   */
  @Get(['readyz', 'healthz'])
  async ready(@Res() response: HttpReply): Promise<void> {
    const [database, redis] = await Promise.all([this.databaseUp(), this.redis ? pingRedis(this.redis, CHECK_TIMEOUT_MS) : null]);
    const health: Health = {
      status: !database ? 'unavailable' : redis === false ? 'degraded' : 'ok',
      database: database ? 'ok' : 'down',
      redis: redis === null ? 'not-configured' : redis ? 'ok' : 'down',
    };
    await response.code(database ? 200 : 503).header('Cache-Control', 'no-store').send(health);
  }

  private async databaseUp(): Promise<boolean> {
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<boolean>((resolveDeadline) => {
      timer = setTimeout(() => resolveDeadline(false), CHECK_TIMEOUT_MS);
    });
    try {
      return await Promise.race([PING.run(this.dataSource, []).then(() => true), deadline]);
    } catch {
      return false;
    } finally {
      clearTimeout(timer);
    }
  }
}
