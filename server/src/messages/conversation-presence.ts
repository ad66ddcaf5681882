import { Inject, Injectable } from '@nestjs/common';
import { MESSAGE_RULES } from '@seyirlik/shared-contracts';
import type { Redis } from 'ioredis';
import { PinoLogger } from 'nestjs-pino';
import type { AppConfig } from '../platform/config/config';
import { APP_CONFIG } from '../platform/config/config.tokens';
import type { RealtimeSocket } from '../platform/realtime/realtime.types';
import { REDIS } from '../platform/redis/redis.module';

/**
 * Which members have which conversation open in a tab right now, on any server process.
 *
 * A tab says so over its socket (`conversation.view`) when it opens a conversation and again every
 * MESSAGE_RULES.viewRefreshMs while it stays open; it says it closed it, and its socket's end says
 * so too. Each tab's view lasts MESSAGE_RULES.viewTtlSeconds from its last word, so a tab whose
 * process died stops counting by itself. With Redis the views are a sorted set per member and
 * conversation (socket id → expiry) that every process reads; without Redis (the embedded mode,
 * one process) the same sets are kept in memory.
 */
@Injectable()
export class ConversationPresence {
  /** Without Redis: per `userId:conversationId`, each socket's expiry (epoch ms). */
  private readonly local = new Map<string, Map<string, number>>();
  /** Per socket on this process: the views it holds, so its end removes them. */
  private readonly socketViews = new WeakMap<RealtimeSocket, Set<string>>();

  constructor(
    @Inject(REDIS) private readonly redis: Redis | null,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly logger: PinoLogger,
  ) {}

  /**
   * Whether the member has this conversation open in a tab on any server process right now. When
   * Redis cannot be asked, false: telling a member about a message they already see is the lesser harm.
   */
  async isViewing(userId: number, conversationId: number): Promise<boolean> {
    const key = this.keyOf(userId, conversationId);
    const now = Date.now();
    if (!this.redis) return [...(this.local.get(key)?.values() ?? [])].some((expiresAt) => expiresAt > now);
    try {
      return (await this.redis.zcount(key, `(${now}`, '+inf')) > 0;
    } catch (error) {
      this.logger.warn({ err: error, userId, conversationId }, 'conversation presence not read');
      return false;
    }
  }

  /** The socket's tab has the conversation open (again): its view lasts viewTtlSeconds from now. */
  async open(socket: RealtimeSocket, userId: number, conversationId: number): Promise<void> {
    const key = this.keyOf(userId, conversationId);
    let views = this.socketViews.get(socket);
    if (!views) {
      views = new Set();
      this.socketViews.set(socket, views);
      socket.once('disconnect', () => this.forgetSocket(socket));
    }
    views.add(key);
    const ttlMs = MESSAGE_RULES.viewTtlSeconds * 1000;
    const expiresAt = Date.now() + ttlMs;
    if (!this.redis) {
      const sockets = this.local.get(key) ?? new Map<string, number>();
      sockets.set(socket.id, expiresAt);
      this.local.set(key, sockets);
      return;
    }
    await this.redis
      .multi()
      .zadd(key, expiresAt, socket.id)
      .zremrangebyscore(key, '-inf', Date.now())
      .pexpire(key, ttlMs)
      .exec();
  }

  /** The socket's tab closed the conversation (or left it for another). */
  async close(socket: RealtimeSocket, userId: number, conversationId: number): Promise<void> {
    const key = this.keyOf(userId, conversationId);
    this.socketViews.get(socket)?.delete(key);
    await this.remove(key, socket.id);
  }

  private forgetSocket(socket: RealtimeSocket): void {
    const views = this.socketViews.get(socket);
    this.socketViews.delete(socket);
    for (const key of views ?? []) {
      this.remove(key, socket.id).catch((error: unknown) => this.logger.warn({ err: error }, 'conversation view not removed; it expires by itself'));
    }
  }

  private async remove(key: string, socketId: string): Promise<void> {
    if (!this.redis) {
      const sockets = this.local.get(key);
      sockets?.delete(socketId);
      if (sockets?.size === 0) this.local.delete(key);
      return;
    }
    await this.redis.zrem(key, socketId);
  }

  private keyOf(userId: number, conversationId: number): string {
    return `${this.config.redisPrefix}:conversation-view:${userId}:${conversationId}`;
  }
}
