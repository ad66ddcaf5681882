import { HttpStatus, Inject, Injectable } from '@nestjs/common';
import { MESSAGES } from '@seyirlik/shared-contracts';
import type { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import type { AppConfig } from '../config/config';
import { APP_CONFIG } from '../config/config.tokens';
import { AppException } from '../http/app-exception';
import { REDIS } from '../redis/redis.module';

export interface RateLimitRule {
  /** Requests allowed per window. */
  points: number;
  windowSeconds: number;
}

export type RateLimitVerdict = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/**
 * Counts requests per rule and key (an IP, an account). With Redis the counts are shared by
 * every server process; while Redis is away each process falls back to its own memory count.
 */
@Injectable()
export class RateLimitService {
  private readonly limiters = new Map<string, RateLimiterAbstract>();

  constructor(
    @Inject(REDIS) private readonly redis: Redis | null,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async consume(rule: string, limits: RateLimitRule, key: string): Promise<RateLimitVerdict> {
    try {
      await this.limiter(rule, limits).consume(key);
      return { allowed: true };
    } catch (rejection) {
      if (rejection instanceof RateLimiterRes) {
        return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(rejection.msBeforeNext / 1000)) };
      }
      throw rejection;
    }
  }

  /** Consumes one request, or refuses it with 429 and a Turkish message. */
  async enforce(rule: string, limits: RateLimitRule, key: string): Promise<void> {
    const verdict = await this.consume(rule, limits, key);
    if (!verdict.allowed) throw new AppException(HttpStatus.TOO_MANY_REQUESTS, MESSAGES.tooManyRequests);
  }

  /** Gives back one request counted by `consume`/`enforce` (a login that turned out right is no guess). */
  async refund(rule: string, limits: RateLimitRule, key: string): Promise<void> {
    await this.limiter(rule, limits)
      .reward(key, 1)
      .catch(() => undefined);
  }

  private limiter(rule: string, limits: RateLimitRule): RateLimiterAbstract {
    const id = `${rule}:${limits.points}:${limits.windowSeconds}`;
    let limiter = this.limiters.get(id);
    if (!limiter) {
      const options = { keyPrefix: `${this.config.redisPrefix}:rl:${rule}`, points: limits.points, duration: limits.windowSeconds };
      limiter = this.redis
        ? new RateLimiterRedis({
            ...options,
            storeClient: this.redis,
            rejectIfRedisNotReady: true,
            insuranceLimiter: new RateLimiterMemory(options),
          })
        : new RateLimiterMemory(options);
      this.limiters.set(id, limiter);
    }
    return limiter;
  }
}
