import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import { TEST_DATABASE_URL } from './services';

export interface TestDatabase {
  url: string;
  name: string;
  drop(): Promise<void>;
}

async function admin<T>(work: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: TEST_DATABASE_URL });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** A fresh, empty database for one test file, dropped (with its connections) afterwards. */
export async function createTestDatabase(): Promise<TestDatabase> {
  const name = `seyirlik_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  await admin((client) => client.query(`CREATE DATABASE ${name}`));
  const url = new URL(TEST_DATABASE_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    name,
    drop: () => admin((client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)).then(() => undefined),
  };
}

/** A unique Redis key prefix, so test files sharing one Redis never see each other's keys or channels. */
export function uniqueRedisPrefix(): string {
  return `seyirlik-test-${process.pid}-${randomBytes(4).toString('hex')}`;
}
