import { Inject, Injectable, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { PinoLogger } from 'nestjs-pino';
import { Client } from 'pg';
import { PublicReadCache } from './public-read-cache';

/** The PostgreSQL channel on which a writer tells every server process that public reads changed. */
export const PUBLIC_READS_CHANGED_CHANNEL = 'seyirlik_public_reads_changed';

/** Injection token of the database URL the listener connects to (the app's own). */
export const READ_CACHE_DATABASE_URL = Symbol('READ_CACHE_DATABASE_URL');

/** The listener's name in pg_stat_activity. */
export const INVALIDATION_APPLICATION_NAME = 'seyirlik-read-cache';

/** Reconnection waits after losing the listener: doubling from the first to the longest. */
const RECONNECT_DELAY_MS = { first: 250, longest: 10_000 } as const;

interface Queryable {
  query(sql: string): Promise<unknown>;
}

/**
 * Tells every listening server process to clear its PublicReadCache. Inside a transaction the
 * notification goes out when it commits, and never if it rolls back, so call it there.
 */
export async function announcePublicReadsChanged(database: Queryable): Promise<void> {
  await database.query(`NOTIFY ${PUBLIC_READS_CHANGED_CHANNEL}`);
}

/**
 * LISTENs on a dedicated connection and clears this process's cache on every notification, so a
 * change written by any process (the import CLI included) is seen at once everywhere, without
 * Redis. While the connection is down, a notification would be missed: the cache is suspended
 * (cleared, storing nothing) until a reconnect, tried with a growing delay, listens again.
 */
@Injectable()
export class PublicReadInvalidation implements OnApplicationBootstrap, OnModuleDestroy {
  private client: Client | null = null;
  private reconnectTimer: NodeJS.Timeout | null = null;
  private nextDelayMs: number = RECONNECT_DELAY_MS.first;
  private lostAt: number | null = null;
  private closing = false;

  constructor(
    private readonly cache: PublicReadCache,
    @Inject(READ_CACHE_DATABASE_URL) private readonly databaseUrl: string,
    private readonly logger: PinoLogger,
  ) {}

  /** Listens before the server accepts requests; a failed first attempt retries in the background. */
  async onApplicationBootstrap(): Promise<void> {
    if (!this.cache.enabled) return;
    this.cache.suspend();
    await this.listen();
  }

  async onModuleDestroy(): Promise<void> {
    this.closing = true;
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    const client = this.client;
    this.client = null;
    await client?.end().catch(() => undefined);
  }

  private async listen(): Promise<void> {
    this.reconnectTimer = null;
    const client = new Client({ connectionString: this.databaseUrl, application_name: INVALIDATION_APPLICATION_NAME, keepAlive: true });
    this.client = client;
    client.on('notification', () => this.cache.clear());
    client.on('error', (error) => this.lost(client, error));
    client.on('end', () => this.lost(client, new Error('connection ended')));
    try {
      await client.connect();
      await client.query(`LISTEN ${PUBLIC_READS_CHANGED_CHANNEL}`);
    } catch (error) {
      this.lost(client, error as Error);
      return;
    }
    if (this.client !== client) return;
    this.cache.resume();
    this.nextDelayMs = RECONNECT_DELAY_MS.first;
    if (this.lostAt !== null) {
      this.logger.info({ downForMs: Date.now() - this.lostAt }, 'read cache invalidation listening again');
      this.lostAt = null;
    }
  }

  /** Handles the first sign of a connection's end (error, end, failed connect) once per connection. */
  private lost(client: Client, error: Error): void {
    if (this.client !== client) return;
    this.client = null;
    this.cache.suspend();
    void client.end().catch(() => undefined);
    if (this.closing) return;
    if (this.lostAt === null) {
      this.lostAt = Date.now();
      this.logger.warn({ err: error.message }, 'read cache invalidation lost its database connection; cache off until it listens again');
    }
    this.reconnectTimer = setTimeout(() => void this.listen(), this.nextDelayMs);
    this.nextDelayMs = Math.min(this.nextDelayMs * 2, RECONNECT_DELAY_MS.longest);
  }
}
