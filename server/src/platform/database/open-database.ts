import type { Logger } from 'pino';
import type { AppConfig } from '../config/config';
import { migrate } from './data-source';
import { EmbeddedPostgres } from './embedded-postgres';

/** The database the app uses: DATABASE_URL, or the embedded cluster started here. Migrated before use. */
export async function openDatabase(
  config: AppConfig,
  logger: Logger,
): Promise<{ url: string; embedded: EmbeddedPostgres | null }> {
  if (config.databaseUrl) {
    await migrate(config.databaseUrl);
    return { url: config.databaseUrl, embedded: null };
  }
  const { url, instance } = await EmbeddedPostgres.start(config.dataDir, logger);
  try {
    await migrate(url);
  } catch (error) {
    await instance.stop();
    throw error;
  }
  logger.info({ dataDir: config.dataDir }, 'embedded PostgreSQL is running');
  return { url, embedded: instance };
}
