import { Injectable, type OnModuleDestroy, Optional } from '@nestjs/common';
import { PinoLogger } from 'nestjs-pino';
import { Client } from 'pg';
import { DataSource } from 'typeorm';
import type { PostgresConnectionOptions } from 'typeorm/driver/postgres/PostgresConnectionOptions';
import { PublicReadCache } from '../platform/http/read-cache/public-read-cache';
import { PUBLIC_READS_CHANGED_CHANNEL } from '../platform/http/read-cache/public-read-invalidation';

/** The listener's name in pg_stat_activity. */
export const CATALOG_CHANGES_APPLICATION_NAME = 'seyirlik-catalog-changes';

/** Reconnection waits after losing the listener: doubling from the first to the longest. */
const RECONNECT_DELAY_MS = { first: 250, longest: 10_000 } as const;

/**
 * Tells what this process holds of the catalog in memory (search's title index) whether it is
 * still the catalog's: `version` moves on at every catalog change heard of, so what was read
 * under an older version is stale.
 *
 * A change is heard of on the notification every catalog writer sends as it commits (the import
 * announces it with announcePublicReadsChanged, from any process, the CLI included), on a
 * connection of this process's own; an import in this process is heard of at once through the
 * public read cache, which it clears. The cache's generation is part of the version, so whichever
 * of the two hears of a change first, nothing read before it is used after it. While the
 * connection is down a change would go unheard: `listening` is false until a reconnect, tried
 * with a growing delay, listens again, and every reconnect is a new version (changes may have
 * been missed meanwhile).
 *
 * Listening starts with the first `startListening()`, so processes that never read the catalog
 * from memory (the worker, the import CLI) open no connection.
 */
@Injectable()
export class CatalogChanges implements OnModuleDestroy {
  private heard = 0;
  private client: Client | null = null;
  private connected = false;
  private started = false;
  private closing = false;
  private reconnectTimer: NodeJS.Timeout | null = null;
  private nextDelayMs: number = RECONNECT_DELAY_MS.first;

  constructor(
    private readonly dataSource: DataSource,
    private readonly logger: PinoLogger,
    @Optional() private readonly readCache?: PublicReadCache,
  ) {}

  /** Whether a catalog change anywhere would be heard of now. */
  get listening(): boolean {
    return this.connected;
  }

  /** What was read under another version is stale. */
  get version(): string {
    return `${this.heard}/${this.readCache?.generation ?? 0}`;
  }

  /** Starts listening, once; `listening` turns true when it does. */
  startListening(): void {
    if (this.started || this.closing) return;
    this.started = true;
    void this.listen();
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
    const { url } = this.dataSource.options as PostgresConnectionOptions;
    const client = new Client({ connectionString: url, application_name: CATALOG_CHANGES_APPLICATION_NAME, keepAlive: true });
    this.client = client;
    client.on('notification', () => {
      this.heard += 1;
    });
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
    this.heard += 1;
    this.connected = true;
    this.nextDelayMs = RECONNECT_DELAY_MS.first;
  }

  /** Handles the first sign of a connection's end (error, end, failed connect) once per connection. */
  private lost(client: Client, error: Error): void {
    if (this.client !== client) return;
    this.client = null;
    this.connected = false;
    void client.end().catch(() => undefined);
    if (this.closing) return;
    this.logger.warn({ err: error.message }, 'catalog change listener lost its database connection; search reads PostgreSQL until it listens again');
    this.reconnectTimer = setTimeout(() => void this.listen(), this.nextDelayMs);
    this.nextDelayMs = Math.min(this.nextDelayMs * 2, RECONNECT_DELAY_MS.longest);
  }
}
