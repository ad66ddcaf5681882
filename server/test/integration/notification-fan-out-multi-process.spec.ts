import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { type ClientToServerEvents, type NotificationServerEvents, type ServerToClientEvents, SOCKET_PATH } from '@seyirlik/shared-contracts';
import { io, type Socket } from 'socket.io-client';
import type { DataSource } from 'typeorm';
import { CatalogImportService } from '../../src/catalog/import/catalog-import.service';
import { buildCatalogFile, buildEpisode, buildSeries } from '../factories/catalog';
import { registerMember } from '../factories/members';
import { startServerProcess, type ServerProcess } from '../harness/cluster';
import { openCatalogDatabase } from '../support/catalog-database';
import { TEST_REDIS_URL } from '../support/services';
import { uniqueRedisPrefix } from '../support/test-database';

type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;
type CreatedPayload = Parameters<NotificationServerEvents['notification.created']>[0];
type Series = ReturnType<typeof buildSeries>;

const WORKER = join(__dirname, '..', '..', 'dist', 'worker.js');

/** A jobs-only process (`npm run start:worker`), once it says it started (its info log). */
async function startWorker(env: Record<string, string>) {
  const child = spawn(process.execPath, [WORKER], { env: { ...process.env, ...env, LOG_LEVEL: 'info' }, stdio: ['ignore', 'pipe', 'pipe'] });
  const output: string[] = [];
  const exited = new Promise<number | null>((resolveExit) => child.once('exit', (code) => resolveExit(code)));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    return exited;
  };
  try {
    await new Promise<void>((resolveStart, reject) => {
      const timer = setTimeout(() => reject(new Error(`worker did not start in 30 s:\n${output.join('')}`)), 30_000);
      const onOutput = (chunk: Buffer) => {
        output.push(chunk.toString('utf8'));
        if (!output.join('').includes('job worker started')) return;
        clearTimeout(timer);
        resolveStart();
      };
      child.stdout.on('data', onOutput);
      child.stderr.on('data', onOutput);
      child.once('exit', (code) => reject(new Error(`worker exited with ${code}:\n${output.join('')}`)));
    });
  } catch (error) {
    await stop();
    throw error;
  }
  return { stop };
}

async function connect(sockets: ClientSocket[], server: ServerProcess, cookie: string): Promise<ClientSocket> {
  const socket: ClientSocket = io(server.url, { path: SOCKET_PATH, transports: ['websocket'], reconnection: false, extraHeaders: { Cookie: cookie } });
  sockets.push(socket);
  await new Promise<void>((resolveConnect, reject) => {
    socket.once('connect', resolveConnect);
    socket.once('connect_error', reject);
  });
  return socket;
}

const nextPush = (socket: ClientSocket) => new Promise<CreatedPayload>((resolvePush) => socket.once('notification.created', resolvePush));

/** The series with a fourth episode that aired a minute ago. */
const withNewEpisode = (series: Series): Series => ({
  ...series,
  seasons: [{ number: 1, episodes: [...series.seasons[0]!.episodes, buildEpisode(4, { airAt: new Date(Date.now() - 60_000).toISOString() })] }],
});

const newEpisodeNotice = (series: Series) => ({
  notification: { seq: 1, kind: 'episode.new', text: 'Takip ettiğiniz Deneme Dizisi için yeni bölüm: 1. Sezon 4. Bölüm', link: `/dizi/${series.slug}/1-sezon/4-bolum` },
  unreadCount: 1,
});

/**
 * Imports the series and waits until a relay handed on the release of its aired episodes, which
 * then finds no follower: the member who follows next hears only of the episode the test adds.
 */
async function importAndRelay(importer: CatalogImportService, dataSource: DataSource, series: Series): Promise<void> {
  await importer.import(buildCatalogFile([series]));
  const deadline = Date.now() + 20_000;
  while (Number((await dataSource.query('SELECT count(*) AS n FROM outbox_message WHERE delivered_at IS NULL'))[0].n) > 0) {
    if (Date.now() > deadline) throw new Error('the relays did not hand the release on in time');
    await new Promise((resolveWait) => setTimeout(resolveWait, 25));
  }
}

const appEnv = (databaseUrl: string) => ({
  DATABASE_URL: databaseUrl,
  REDIS_URL: TEST_REDIS_URL,
  REDIS_PREFIX: uniqueRedisPrefix(),
  TRUST_PROXY: 'true',
  LOG_LEVEL: 'warn',
});

describe('new-episode fan-out across two server processes on one PostgreSQL and one Redis (jobs on BullMQ)', () => {
  let catalog: Awaited<ReturnType<typeof openCatalogDatabase>>;
  /** Consumes the jobs. */
  let processA: ServerProcess;
  /** Serves sockets only (RUN_JOBS=false): what reaches its sockets came from A. */
  let processB: ServerProcess;
  const sockets: ClientSocket[] = [];

  beforeAll(async () => {
    catalog = await openCatalogDatabase();
    const env = appEnv(catalog.database.url);
    processA = await startServerProcess({ ...env, RUN_JOBS: 'true' });
    processB = await startServerProcess({ ...env, RUN_JOBS: 'false' });
  });

  afterAll(async () => {
    sockets.forEach((socket) => socket.disconnect());
    const codes = await Promise.all([processA.stop(), processB.stop()]);
    await catalog.close();
    expect(codes).toEqual([0, 0]);
  });

  it("pushes a follower's notification, made by the job on process A, to the follower's sockets on A and on B", async () => {
    const series = buildSeries();
    const importer = new CatalogImportService(catalog.dataSource);
    await importAndRelay(importer, catalog.dataSource, series);
    const { agent } = await registerMember(processB.url);
    const session = await agent.get('/api/auth/session');
    expect((await agent.post(`/api/titles/dizi/${series.slug}/follow`)).status).toBeLessThan(300);
    const [onA, onB] = [await connect(sockets, processA, session.request.cookies), await connect(sockets, processB, session.request.cookies)];
    const [pushedOnA, pushedOnB] = [nextPush(onA), nextPush(onB)];

    await importer.import(buildCatalogFile([withNewEpisode(series)]));

    const [fromA, fromB] = await Promise.all([pushedOnA, pushedOnB]);
    expect(fromB).toEqual(fromA);
    expect(fromB).toMatchObject(newEpisodeNotice(series));
    const [stored] = (await catalog.dataSource.query('SELECT id::int AS id, user_id FROM notification WHERE kind = $1', ['episode.new'])) as Array<{
      id: number;
      user_id: number;
    }>;
    expect(stored).toEqual({ id: fromB.notification.id, user_id: session.body.user.id });
  });
});

describe('new-episode fan-out on a worker process (servers run no jobs)', () => {
  it("pushes the follower's notification from the worker, through Redis, to the follower's socket on a server", async () => {
    const catalog = await openCatalogDatabase();
    const env = appEnv(catalog.database.url);
    const server = await startServerProcess({ ...env, RUN_JOBS: 'false' });
    const worker = await startWorker(env).catch(async (error: unknown) => {
      await server.stop();
      throw error;
    });
    const sockets: ClientSocket[] = [];
    try {
      const series = buildSeries();
      const importer = new CatalogImportService(catalog.dataSource);
      await importAndRelay(importer, catalog.dataSource, series);
      const { agent } = await registerMember(server.url);
      const cookie = (await agent.get('/api/auth/session')).request.cookies;
      expect((await agent.post(`/api/titles/dizi/${series.slug}/follow`)).status).toBeLessThan(300);
      const pushed = nextPush(await connect(sockets, server, cookie));

      await importer.import(buildCatalogFile([withNewEpisode(series)]));

      expect(await pushed).toMatchObject(newEpisodeNotice(series));
    } finally {
      sockets.forEach((socket) => socket.disconnect());
      expect(await Promise.all([worker.stop(), server.stop()])).toEqual([0, 0]);
      await catalog.close();
    }
  });
});
