import { DataSource, type DataSourceOptions } from 'typeorm';
import { migrations } from './migrations';

/**
 * How long a pooled connection stays open unused. A new connection costs its first statements tens
 * of milliseconds (PostgreSQL starts a backend, loads its catalog caches and plans the prepared
 * statements again), and a burst after a quiet spell (a chat room's first messages after a lull)
 * opened many at once: the pool's default of 10 s closed them in any pause longer than that.
 */
const POOL_IDLE_MS = 5 * 60_000;

/** The one place that says how the app talks to PostgreSQL; migrations run at start, never `synchronize`. */
export function dataSourceOptions(url: string, entities: DataSourceOptions['entities'] = []): DataSourceOptions {
  return {
    type: 'postgres',
    url,
    entities,
    migrations,
    migrationsTableName: 'schema_migrations',
    migrationsTransactionMode: 'each',
    synchronize: false,
    logging: false,
    extra: { max: 20, connectionTimeoutMillis: 10_000, idleTimeoutMillis: POOL_IDLE_MS, application_name: 'seyirlik' },
  };
}

/** Advisory lock key held while migrating, so replicas starting together migrate one at a time. */
const MIGRATION_LOCK_KEY = 738_215_001;

/** Runs every pending migration on the database at `url` and answers the names it applied. */
export async function migrate(url: string): Promise<string[]> {
  const dataSource = new DataSource(dataSourceOptions(url));
  await dataSource.initialize();
  const lock = dataSource.createQueryRunner();
  try {
    await lock.connect();
    await lock.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    const applied = await dataSource.runMigrations({ transaction: 'each' });
    return applied.map((migration) => migration.name);
  } finally {
    await lock.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => undefined);
    await lock.release();
    await dataSource.destroy();
  }
}
