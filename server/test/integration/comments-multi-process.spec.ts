import { commentRooms, SOCKET_PATH, type ClientToServerEvents, type ServerToClientEvents } from '@seyirlik/shared-contracts';
import { io, type Socket } from 'socket.io-client';
import { CatalogImportService } from '../../src/catalog/import/catalog-import.service';
import { buildCatalogFile, buildSeries } from '../factories/catalog';
import { registerMember } from '../factories/members';
import { startCluster, type ServerProcess } from '../harness/cluster';
import { openCatalogDatabase } from '../support/catalog-database';
import { TEST_REDIS_URL } from '../support/services';
import { uniqueRedisPrefix } from '../support/test-database';

type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

describe('comments across two server processes on one PostgreSQL and one Redis', () => {
  let catalog: Awaited<ReturnType<typeof openCatalogDatabase>>;
  let processA: ServerProcess;
  let processB: ServerProcess;
  let episodeId: number;
  const sockets: ClientSocket[] = [];

  /** A visitor's socket on `server`, in the room of the episode's page. */
  async function viewerOfEpisode(server: ServerProcess): Promise<ClientSocket> {
    const socket: ClientSocket = io(server.url, { path: SOCKET_PATH, transports: ['websocket'], reconnection: false });
    sockets.push(socket);
    await new Promise<void>((resolveConnect, reject) => {
      socket.once('connect', resolveConnect);
      socket.once('connect_error', reject);
    });
    expect(await socket.timeout(5000).emitWithAck('room.join', { room: commentRooms.episode(episodeId) })).toEqual({ ok: true });
    return socket;
  }

  /** Resolves once `done` holds for what `socket` received of `event`. */
  function received<E extends keyof ServerToClientEvents>(socket: ClientSocket, event: E, done: (seen: Array<Parameters<ServerToClientEvents[E]>[0]>) => boolean) {
    const seen: Array<Parameters<ServerToClientEvents[E]>[0]> = [];
    return new Promise<typeof seen>((resolveSeen, reject) => {
      const timer = setTimeout(() => reject(new Error(`${event}: only ${JSON.stringify(seen)} within 10 s`)), 10_000);
      socket.on(event, ((payload: Parameters<ServerToClientEvents[E]>[0]) => {
        seen.push(payload);
        if (done(seen)) {
          clearTimeout(timer);
          resolveSeen(seen);
        }
      }) as never);
    });
  }

  beforeAll(async () => {
    catalog = await openCatalogDatabase();
    const series = buildSeries();
    await new CatalogImportService(catalog.dataSource).import(buildCatalogFile([series]));
    [{ id: episodeId }] = (await catalog.dataSource.query(
      'SELECT e.id FROM episode e JOIN title t ON t.id = e.title_id WHERE t.slug = $1 ORDER BY e.number LIMIT 1',
      [series.slug],
    )) as Array<{ id: number }>;
    [processA, processB] = (await startCluster(2, {
      DATABASE_URL: catalog.database.url,
      REDIS_URL: TEST_REDIS_URL,
      REDIS_PREFIX: uniqueRedisPrefix(),
      TRUST_PROXY: 'true',
      LOG_LEVEL: 'warn',
    })) as [ServerProcess, ServerProcess];
  });

  afterAll(async () => {
    sockets.forEach((socket) => socket.disconnect());
    const codes = await Promise.all([processA.stop(), processB.stop()]);
    await catalog.close();
    expect(codes).toEqual([0, 0]);
  });

  it('pushes a comment posted on process A to a socket viewing the episode on process B', async () => {
    const { agent } = await registerMember(processA.url);
    const socket = await viewerOfEpisode(processB);
    const pushed = received(socket, 'comment.created', (seen) => seen.length === 1);

    const posted = await agent.post(`/api/episodes/${episodeId}/comments`).send({ text: 'A sürecinden :wave:', spoiler: true });

    expect(posted.status).toBe(201);
    expect(await pushed).toEqual([posted.body]);
  });

  it('keeps the like count exact under 20 concurrent likes through both processes, and the push with the highest version carries the final count', async () => {
    const { agent } = await registerMember(processA.url);
    const comment = (await agent.post(`/api/episodes/${episodeId}/comments`).send({ text: 'Beğenilecek' })).body;
    const likers = await Promise.all(Array.from({ length: 20 }, (_, index) => registerMember(index % 2 ? processB.url : processA.url)));
    const socket = await viewerOfEpisode(processB);
    const pushed = received(socket, 'comment.likesChanged', (seen) => seen.length === 20);

    const answers = await Promise.all(likers.map(({ agent: liker }) => liker.post(`/api/comments/${comment.id}/like`)));

    expect(answers.every((answer) => answer.status === 200 && answer.body.liked)).toBe(true);
    const events = await pushed;
    expect(events.map((event) => event.likesVersion).sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, index) => index + 1));
    const newest = events.reduce((latest, event) => (event.likesVersion > latest.likesVersion ? event : latest));
    expect(newest).toEqual({ id: comment.id, likeCount: 20, likesVersion: 20 });
    const [row] = (await catalog.dataSource.query(
      'SELECT like_count, (SELECT count(*)::int FROM comment_like WHERE comment_id = $1) AS likes FROM comment WHERE id = $1',
      [comment.id],
    )) as Array<{ like_count: number; likes: number }>;
    expect(row).toEqual({ like_count: 20, likes: 20 });
  });
});
