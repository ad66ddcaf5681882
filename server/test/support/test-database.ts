import { createHash, randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from 'pg';
import { migrate } from '../../src/platform/database/data-source';
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

const MIGRATIONS_DIR = join(__dirname, '..', '..', 'src', 'platform', 'database', 'migrations');
/** Held while a template is made, so parallel test workers make it once. */
const TEMPLATE_LOCK_KEY = 738_215_002;

/** The migrations as they are now: a changed or added one makes another template. */
function migrationsDigest(): string {
  const digest = createHash('sha256');
  for (const file of readdirSync(MIGRATIONS_DIR).sort()) digest.update(file).update(readFileSync(join(MIGRATIONS_DIR, file)));
  return digest.digest('hex').slice(0, 16);
}

let template: Promise<string> | null = null;

/**
 * A database with every migration applied, made once per set of migrations and copied for each
 * test file (`CREATE DATABASE … TEMPLATE`), so a test file does not migrate from nothing. It gets
 * its final name only once migrated, so a half-made one is never copied; older ones are dropped.
 */
function migratedTemplate(): Promise<string> {
  template ??= admin(async (client) => {
    const name = `seyirlik_template_${migrationsDigest()}`;
    await client.query('SELECT pg_advisory_lock($1)', [TEMPLATE_LOCK_KEY]);
    try {
      const existing = await client.query('SELECT datname FROM pg_database WHERE datname LIKE $1', ['seyirlik_template_%']);
      const names = existing.rows.map((row: { datname: string }) => row.datname);
      if (!names.includes(name)) {
        const building = `${name}_building_${process.pid}`;
        await client.query(`DROP DATABASE IF EXISTS ${building}`);
        await client.query(`CREATE DATABASE ${building}`);
        await migrate(urlOf(building));
        await client.query(`ALTER DATABASE ${building} RENAME TO ${name}`);
      }
      for (const stale of names.filter((other: string) => other !== name)) {
        await client.query(`DROP DATABASE IF EXISTS ${stale}`).catch(() => undefined);
      }
      return name;
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [TEMPLATE_LOCK_KEY]);
    }
  });
  return template;
}

function urlOf(name: string): string {
  const url = new URL(TEST_DATABASE_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * A fresh database for one test file, dropped (with its connections) afterwards: migrated (copied
 * from the migrated template), or `empty` for the tests of migrating itself.
 */
export async function createTestDatabase(options: { empty?: boolean } = {}): Promise<TestDatabase> {
  const name = `seyirlik_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  await admin(async (client) => {
    for (let attempt = 1; ; attempt++) {
      const from = options.empty ? '' : ` TEMPLATE ${await migratedTemplate()}`;
      try {
        return await client.query(`CREATE DATABASE ${name}${from}`);
      } catch (error) {
        const code = (error as { code?: string }).code;
        // A template's last connection can still be closing on the server (55006): ask again
        // shortly. A template gone (3D000: dropped as stale by a run on other migrations sharing
        // this server) is made again.
        if ((code !== '55006' && code !== '3D000') || attempt === 50) throw error;
        if (code === '3D000') template = null;
        await new Promise((resolveWait) => setTimeout(resolveWait, 100));
      }
    }
  });
  return {
    url: urlOf(name),
    name,
    drop: () => admin((client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)).then(() => undefined),
  };
}

/** A unique Redis key prefix, so test files sharing one Redis never see each other's keys or channels. */
export function uniqueRedisPrefix(): string {
  return `seyirlik-test-${process.pid}-${randomBytes(4).toString('hex')}`;
}
