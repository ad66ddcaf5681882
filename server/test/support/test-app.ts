import type { AddressInfo } from 'node:net';
import { type RunningServer, startServer } from '../../src/bootstrap';
import { loadConfig } from '../../src/platform/config/config';
import { createLogger } from '../../src/platform/logging/logger';
import { createTestDatabase, type TestDatabase, uniqueRedisPrefix } from './test-database';

export interface TestApp {
  server: RunningServer;
  database: TestDatabase;
  baseUrl: string;
  close(): Promise<void>;
}

/** The real server, in this process, on a free port, over a fresh database (and Redis when asked). */
export async function startTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  const database = await createTestDatabase();
  const config = loadConfig({
    PORT: '0',
    DATABASE_URL: database.url,
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    REDIS_PREFIX: uniqueRedisPrefix(),
    ...env,
  });
  const server = await startServer(config, createLogger(config));
  const { port } = server.app.getHttpServer().address() as AddressInfo;
  return {
    server,
    database,
    baseUrl: `http://127.0.0.1:${port}`,
    close: async () => {
      await server.close();
      await database.drop();
    },
  };
}
