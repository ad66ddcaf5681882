import { Redis } from 'ioredis';
import { Client } from 'pg';
import { TEST_DATABASE_URL, TEST_REDIS_URL } from './services';

/** Fails the run at once, saying how to fix it, when PostgreSQL or Redis is not there. Never skips. */
export default async function globalSetup(): Promise<void> {
  const problems: string[] = [];
  const client = new Client({ connectionString: TEST_DATABASE_URL, connectionTimeoutMillis: 5000 });
  try {
    await client.connect();
    await client.query('SELECT 1');
  } catch (error) {
    problems.push(
      `PostgreSQL is not reachable at ${TEST_DATABASE_URL} (${(error as Error).message}). ` +
        'Start a PostgreSQL 14+ there (user allowed to create databases) or set TEST_DATABASE_URL.',
    );
  } finally {
    await client.end().catch(() => undefined);
  }
  const redis = new Redis(TEST_REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 0, enableOfflineQueue: false, retryStrategy: () => null });
  try {
    await redis.connect();
    await redis.ping();
  } catch (error) {
    problems.push(
      `Redis is not reachable at ${TEST_REDIS_URL} (${(error as Error).message}). Start a Redis there or set TEST_REDIS_URL.`,
    );
  } finally {
    redis.disconnect();
  }
  if (problems.length) throw new Error(`The integration tests need real services:\n- ${problems.join('\n- ')}`);
}
