import { DataSource } from 'typeorm';
import { dataSourceOptions, migrate } from '../../src/platform/database/data-source';
import { createTestDatabase, type TestDatabase } from './test-database';

/** The catalog's tables, as the tests count them. */
export const CATALOG_TABLES = [
  'genre',
  'channel',
  'title',
  'title_genre',
  'trailer',
  'season',
  'episode',
  'video_group',
  'video_source',
  'pre_roll_ad',
] as const;

export type CatalogCounts = Record<(typeof CATALOG_TABLES)[number], number>;

export async function countCatalog(dataSource: DataSource): Promise<CatalogCounts> {
  const counts = {} as CatalogCounts;
  for (const table of CATALOG_TABLES) {
    const [{ count }] = await dataSource.query(`SELECT count(*)::int AS count FROM ${table}`);
    counts[table] = count;
  }
  return counts;
}

/** A fresh, migrated database with a DataSource on it (no app around it). */
export async function openCatalogDatabase(): Promise<{ database: TestDatabase; dataSource: DataSource; close(): Promise<void> }> {
  const database = await createTestDatabase();
  await migrate(database.url);
  const dataSource = await new DataSource(dataSourceOptions(database.url)).initialize();
  return {
    database,
    dataSource,
    close: async () => {
      await dataSource.destroy();
      await database.drop();
    },
  };
}
