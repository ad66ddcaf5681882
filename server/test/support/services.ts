/**
 * The real PostgreSQL and Redis the integration tests run against: TEST_DATABASE_URL and
 * TEST_REDIS_URL when set, else the local services on their standard ports.
 */
export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
export const TEST_REDIS_URL = process.env.TEST_REDIS_URL || 'redis://127.0.0.1:6379';
