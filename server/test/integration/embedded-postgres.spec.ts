import { type ChildProcess, spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { freePort } from '../support/redis-server';

const MAIN = join(__dirname, '..', '..', 'dist', 'main.js');

interface Started {
  child: ChildProcess;
  port: number;
  logs: string[];
  exited: Promise<number | null>;
}

/** Starts `node server/dist/main.js` in its default mode: no DATABASE_URL, so an embedded PostgreSQL. */
async function startSite(dataDir: string, port: number): Promise<Started> {
  const child = spawn(process.execPath, [MAIN], {
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, DATABASE_URL: '', REDIS_URL: '', LOG_LEVEL: 'info' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const logs: string[] = [];
  child.stdout!.on('data', (chunk: Buffer) => logs.push(chunk.toString('utf8')));
  child.stderr!.on('data', (chunk: Buffer) => logs.push(chunk.toString('utf8')));
  const exited = new Promise<number | null>((resolveExit) => child.once('exit', (code) => resolveExit(code)));
  return { child, port, logs, exited };
}

async function waitHealthy(site: Started): Promise<void> {
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (site.child.exitCode !== null) throw new Error(`the site exited with ${site.child.exitCode}:\n${site.logs.join('')}`);
    try {
      const response = await fetch(`http://127.0.0.1:${site.port}/healthz`);
      if (response.status === 200) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`the site did not become healthy:\n${site.logs.join('')}`);
    await new Promise((resolveWait) => setTimeout(resolveWait, 250));
  }
}

function postmaster(dataDir: string): { pid: number; port: number } | null {
  const file = join(dataDir, 'postgres', 'postmaster.pid');
  if (!existsSync(file)) return null;
  const lines = readFileSync(file, 'utf8').split('\n');
  return { pid: Number(lines[0]), port: Number(lines[3]) };
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function query<T>(dataDir: string, sql: string, params: unknown[] = []): Promise<T[]> {
  const { port } = postmaster(dataDir)!;
  const password = readFileSync(join(dataDir, 'postgres-password'), 'utf8').trim();
  const client = new Client({ host: '127.0.0.1', port, user: 'postgres', password, database: 'seyirlik' });
  await client.connect();
  try {
    return (await client.query(sql, params)).rows as T[];
  } finally {
    await client.end();
  }
}

/** What the demo seeding leaves: how many titles, when the catalog last changed, the countdown, and the demo community's members and comments. */
async function catalogState(dataDir: string): Promise<{ titles: number; lastChange: string; hoursToRelease: number; members: number; comments: number }> {
  const [row] = await query<{ titles: number; last_change: Date; hours_to_release: number; members: number; comments: number }>(
    dataDir,
    `SELECT (SELECT count(*)::int FROM title) AS titles,
            (SELECT max(updated_at) FROM episode) AS last_change,
            (SELECT extract(epoch FROM max(release_at) - now())::float / 3600 FROM title) AS hours_to_release,
            (SELECT count(*)::int FROM app_user) AS members,
            (SELECT count(*)::int FROM comment) AS comments`,
  );
  return { titles: row!.titles, lastChange: row!.last_change.toISOString(), hoursToRelease: row!.hours_to_release, members: row!.members, comments: row!.comments };
}

async function waitGone(pid: number): Promise<boolean> {
  const deadline = Date.now() + 10_000;
  while (alive(pid) && Date.now() < deadline) await new Promise((resolveWait) => setTimeout(resolveWait, 100));
  return !alive(pid);
}

describe('embedded PostgreSQL (the default mode)', () => {
  let dataDir: string;

  beforeAll(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'seyirlik-embedded-'));
    // mkdtemp makes the folder private to root; as root the cluster runs as the postgres user.
    chmodSync(dataDir, 0o755);
  });

  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('starts a real cluster, keeps the data over a restart, and stops it on SIGTERM', async () => {
    const first = await startSite(dataDir, await freePort());
    await waitHealthy(first);
    const cluster = postmaster(dataDir)!;
    expect(alive(cluster.pid)).toBe(true);
    const version = await query<{ server_version_num: string }>(dataDir, 'SHOW server_version_num');
    expect(Number(version[0]!.server_version_num)).toBeGreaterThanOrEqual(180000);
    await query(dataDir, "INSERT INTO stream_sequence (stream, last_seq) VALUES ('room:kept', 41)");
    expect(first.logs.join('')).toContain('initialising the embedded PostgreSQL cluster');
    const seeded = await catalogState(dataDir);
    expect(seeded.titles).toBeGreaterThanOrEqual(30);
    expect(seeded.hoursToRelease).toBeGreaterThan(71);
    expect(seeded.hoursToRelease).toBeLessThanOrEqual(72);
    expect(first.logs.join('')).toContain('demo catalog seeded');
    expect(seeded.members).toBeGreaterThan(1);
    expect(seeded.comments).toBeGreaterThan(0);
    expect(first.logs.join('')).toContain('demo community seeded');

    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    expect(await waitGone(cluster.pid)).toBe(true);

    const second = await startSite(dataDir, await freePort());
    await waitHealthy(second);
    const rows = await query<{ last_seq: string }>(dataDir, "SELECT last_seq FROM stream_sequence WHERE stream = 'room:kept'");
    expect(rows).toEqual([{ last_seq: '41' }]);
    expect(second.logs.join('')).not.toContain('initialising the embedded PostgreSQL cluster');
    // Seeded once: the second start finds the catalog and the members, and leaves them as they were.
    expect(second.logs.join('')).not.toContain('demo catalog seeded');
    expect(second.logs.join('')).not.toContain('demo community seeded');
    expect(await catalogState(dataDir)).toEqual({ ...seeded, hoursToRelease: expect.any(Number) });
    const secondCluster = postmaster(dataDir)!;

    second.child.kill('SIGINT');
    expect(await second.exited).toBe(0);
    expect(await waitGone(secondCluster.pid)).toBe(true);
  });

  it('stops a PostgreSQL orphaned by a killed server before starting again', async () => {
    const crashed = await startSite(dataDir, await freePort());
    await waitHealthy(crashed);
    const orphan = postmaster(dataDir)!;
    crashed.child.kill('SIGKILL');
    await crashed.exited;
    expect(alive(orphan.pid)).toBe(true);

    const next = await startSite(dataDir, await freePort());
    await waitHealthy(next);
    expect(await waitGone(orphan.pid)).toBe(true);
    const rows = await query<{ last_seq: string }>(dataDir, "SELECT last_seq FROM stream_sequence WHERE stream = 'room:kept'");
    expect(rows).toEqual([{ last_seq: '41' }]);
    const current = postmaster(dataDir)!;

    next.child.kill('SIGTERM');
    expect(await next.exited).toBe(0);
    expect(await waitGone(current.pid)).toBe(true);
  });

  it('exits with an error and leaves no PostgreSQL behind when the start fails', async () => {
    const blocker: Server = createServer();
    const port = await freePort();
    await new Promise<void>((resolveListen) => blocker.listen(port, resolveListen));
    try {
      const failing = await startSite(dataDir, port);
      expect(await failing.exited).toBe(1);
      const left = postmaster(dataDir);
      expect(left === null || !alive(left.pid)).toBe(true);
      expect(failing.logs.join('')).toContain('failed to start');
    } finally {
      blocker.close();
    }
  });
});
