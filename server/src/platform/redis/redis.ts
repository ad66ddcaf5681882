import { Redis, type RedisOptions } from 'ioredis';
import type { Logger } from 'pino';

/** What a Redis client is for decides how it behaves while Redis is away. */
export type RedisRole =
  /** Commands with a reply someone waits for (rate limits, health): fail fast, never queue. */
  | 'command'
  /** Socket.IO adapter publisher: events published while Redis is away are dropped; clients catch up from Postgres. */
  | 'publisher'
  /** Socket.IO adapter subscriber: resubscribes after a reconnect. */
  | 'subscriber'
  /** BullMQ: waits for Redis as long as it takes, as BullMQ requires. */
  | 'queue';

const ROLE_OPTIONS: Record<RedisRole, RedisOptions> = {
  command: { maxRetriesPerRequest: 1, enableOfflineQueue: false },
  publisher: { maxRetriesPerRequest: 1, enableOfflineQueue: false },
  subscriber: { maxRetriesPerRequest: null },
  queue: { maxRetriesPerRequest: null, enableReadyCheck: false },
};

/**
 * An ioredis client that reconnects forever with a capped backoff and logs an outage once
 * (and its end), instead of letting an unhandled 'error' event take the process down.
 */
export function createRedisClient(url: string, role: RedisRole, logger: Logger): Redis {
  const client = new Redis(url, {
    ...ROLE_OPTIONS[role],
    connectionName: `seyirlik-${role}`,
    retryStrategy: (attempt) => Math.min(attempt * 200, 2000),
    reconnectOnError: () => true,
  });
  let down = false;
  client.on('error', (error: Error) => {
    if (!down) logger.warn({ role, err: error.message }, 'redis unavailable, reconnecting');
    down = true;
  });
  client.on('ready', () => {
    if (down) logger.info({ role }, 'redis connection restored');
    down = false;
  });
  if (role === 'publisher') {
    // The Socket.IO adapter publishes without awaiting; a rejected publish must not become an
    // unhandled rejection. Dropped events are recovered by the clients' catch-up over HTTP.
    const publish = client.publish.bind(client) as (channel: string | Buffer, message: string | Buffer) => Promise<number>;
    (client as unknown as { publish: typeof publish }).publish = (channel, message) =>
      publish(channel, message).catch(() => 0);
  }
  return client;
}

/** PING with a deadline: answers false instead of hanging while Redis is away. */
export async function pingRedis(client: Redis, timeoutMs = 1000): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<false>((resolveDeadline) => {
    timer = setTimeout(() => resolveDeadline(false), timeoutMs);
  });
  // A client still opening its connection (just after start, or reconnecting) gets until the deadline.
  const ready =
    client.status === 'ready'
      ? Promise.resolve()
      : new Promise<void>((resolveReady) => client.once('ready', () => resolveReady()));
  try {
    return await Promise.race([ready.then(() => client.ping()).then((reply) => reply === 'PONG'), deadline]);
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}
