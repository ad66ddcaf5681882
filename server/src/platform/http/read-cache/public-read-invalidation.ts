import { Inject, Injectable, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { PinoLogger } from 'nestjs-pino';
import { Client } from 'pg';
import { PublicReadCache } from './public-read-cache';

/** The PostgreSQL channel on which a writer tells every server process that public reads changed. */
export const PUBLIC_READS_CHANGED_CHANNEL = 'seyirlik_public_reads_changed';

/** Injection token of the database URL the listener connects to (the app's own). */
export const READ_CACHE_DATABASE_URL = Symbol('READ_CACHE_DATABASE_URL');

/** The listener's name in pg_stat_activity. */
export const PUBLIC_READS_LISTENER_APPLICATION_NAME = 'seyirlik-public-reads';

/** Reconnection waits after losing the listener: doubling from the first to the longest. */
const RECONNECT_DELAY_MS = { first: 250, longest: 10_000 } as const;

interface Queryable {
  query(sql: string): Promise<unknown>;
}

/**
 * Tells every listening server process that public reads changed (its read cache is cleared, its
 * search index rebuilt). Inside a transaction the notification goes out when it commits, and never
 * if it rolls back, so call it there.
 */
export async function announcePublicReadsChanged(database: Queryable): Promise<void> {
  await database.query(`NOTIFY ${PUBLIC_READS_CHANGED_CHANNEL}`);
}

/** What this process keeps of public reads in memory, told of their changes by the one listener. */
export interface PublicReadsSubscriber {
  /** A change was announced. */
  changed(): void;
  /** The listener listens (at first, or again): every change from now on is heard. */
  listening(): void;
  /** The listener lost its connection: a change now would go unheard until `listening`. */
  lost(): void;
}

/**
 * LISTENs for public read changes on one dedicated connection per process, for every subscriber
 * (the read cache, search's title index), so a change written by any process (the import CLI
 * included) is heard at once everywhere, without Redis. A lost connection is told to the
 * subscribers and tried again with a growing delay. It connects at the first subscription, so a
 * process that keeps nothing in memory opens no connection.
 */
@Injectable()
export class PublicReadsListener implements OnModuleDestroy {
  private readonly subscribers = new Set<PublicReadsSubscriber>();
  private client: Client | null = null;
  private connected = false;
  private firstAttempt: Promise<void> | null = null;
  private reconnectTimer: NodeJS.Timeout | null = null;
  private nextDelayMs: number = RECONNECT_DELAY_MS.first;
  private lostAt: number | null = null;
  private closing = false;

  constructor(
    @Inject(READ_CACHE_DATABASE_URL) private readonly databaseUrl: string,
    private readonly logger: PinoLogger,
  ) {}

  /** Whether a change anywhere would be heard now. */
  get listening(): boolean {
    return this.connected;
  }

  /** Adds a subscriber (told `listening` at once when already so); resolves once the first attempt to listen ended. */
  subscribe(subscriber: PublicReadsSubscriber): Promise<void> {
    this.subscribers.add(subscriber);
    if (this.connected) subscriber.listening();
    if (this.closing) return Promise.resolve();
    this.firstAttempt ??= this.listen();
    return this.firstAttempt;
  }

  async onModuleDestroy(): Promise<void> {
    this.closing = true;
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    const client = this.client;
    this.client = null;
    this.connected = false;
    await client?.end().catch(() => undefined);
  }

  private async listen(): Promise<void> {
    this.reconnectTimer = null;
    const client = new Client({ connectionString: this.databaseUrl, application_name: PUBLIC_READS_LISTENER_APPLICATION_NAME, keepAlive: true });
    this.client = client;
    client.on('notification', () => this.subscribers.forEach((subscriber) => subscriber.changed()));
    client.on('error', (error) => this.lose(client, error));
    client.on('end', () => this.lose(client, new Error('connection ended')));
    try {
      await client.connect();
      await client.query(`LISTEN ${PUBLIC_READS_CHANGED_CHANNEL}`);
    } catch (error) {
      this.lose(client, error as Error);
      return;
    }
    if (this.client !== client) return;
    this.connected = true;
    this.nextDelayMs = RECONNECT_DELAY_MS.first;
    this.subscribers.forEach((subscriber) => subscriber.listening());
    if (this.lostAt !== null) {
      this.logger.info({ downForMs: Date.now() - this.lostAt }, 'public read change listener listening again');
      this.lostAt = null;
    }
  }

  /** Handles the first sign of a connection's end (error, end, failed connect) once per connection. */
  private lose(client: Client, error: Error): void {
    if (this.client !== client) return;
    this.client = null;
    this.connected = false;
    this.subscribers.forEach((subscriber) => subscriber.lost());
    void client.end().catch(() => undefined);
    if (this.closing) return;
    if (this.lostAt === null) {
      this.lostAt = Date.now();
      this.logger.warn(
        { err: error.message },
        'public read change listener lost its database connection; the read cache is off and search reads PostgreSQL until it listens again',
      );
    }
    this.reconnectTimer = setTimeout(() => void this.listen(), this.nextDelayMs);
    this.nextDelayMs = Math.min(this.nextDelayMs * 2, RECONNECT_DELAY_MS.longest);
  }
}

/**
 * Clears this process's cache on every change heard. While the listener is down a change would be
 * missed: the cache is suspended (cleared, storing nothing) until it listens again.
 */
@Injectable()
export class PublicReadInvalidation implements OnApplicationBootstrap {
  constructor(
    private readonly cache: PublicReadCache,
    private readonly listener: PublicReadsListener,
  ) {}

  /** Listens before the server accepts requests; a failed first attempt retries in the background. */
  async onApplicationBootstrap(): Promise<void> {
    if (!this.cache.enabled) return;
    this.cache.suspend();
    await this.listener.subscribe({
      changed: () => this.cache.clear(),
      listening: () => this.cache.resume(),
      lost: () => this.cache.suspend(),
    });
  }
}
