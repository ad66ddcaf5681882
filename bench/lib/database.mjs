// A throw-away PostgreSQL database per run, so the app migrates from scratch and the bench
// never touches anyone's data.
import { randomBytes } from 'node:crypto';
import pg from 'pg';

export const DEFAULT_ADMIN_URL = 'postgres://postgres@127.0.0.1:5432/postgres';

async function withClient(url, work) {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end().catch(() => undefined);
  }
}

/**
 * Creates `seyirlik_bench_<random>` through `adminUrl` and returns { name, url, drop }.
 * drop() forces out any connection left behind (a killed app may not have closed its pool).
 */
export async function createBenchDatabase(adminUrl) {
  const name = `seyirlik_bench_${randomBytes(4).toString('hex')}`;
  // The name is ours (letters, digits, underscore), so quoting it is enough.
  await withClient(adminUrl, (client) => client.query(`CREATE DATABASE "${name}"`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    drop: () => withClient(adminUrl, (client) => client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)),
  };
}
