import { DataSource, type DataSourceOptions } from 'typeorm';
import { migrations } from './migrations';

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
    extra: { max: 20, connectionTimeoutMillis: 10_000, application_name: 'seyirlik' },
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
