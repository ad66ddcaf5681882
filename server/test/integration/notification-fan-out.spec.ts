import { type ClientToServerEvents, type NotificationServerEvents, type ServerToClientEvents, SOCKET_PATH } from '@seyirlik/shared-contracts';
import { io, type Socket } from 'socket.io-client';
import { DataSource } from 'typeorm';
import { CatalogImportService } from '../../src/catalog/import/catalog-import.service';
import { EpisodeReleases } from '../../src/catalog/release/episode-releases';
import { EpisodeFanOut, FAN_OUT_CHUNK_SIZE } from '../../src/notifications/fan-out/episode-fan-out.service';
import { askToNotify, follow, insertMembers, mute } from '../factories/audience';
import { buildCatalogFile, buildEpisode, buildSeries } from '../factories/catalog';
import { registerMember } from '../factories/members';
import { openCatalogDatabase } from '../support/catalog-database';
import { startTestApp, type TestApp } from '../support/test-app';

type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;
type Series = ReturnType<typeof buildSeries>;
type CreatedPayload = Parameters<NotificationServerEvents['notification.created']>[0];

interface NoticeRow {
  user_id: number;
  kind: string;
  seq: number;
  text: string;
  link: string;
}

const HOUR_MS = 60 * 60 * 1000;
const inAnHour = () => new Date(Date.now() + HOUR_MS).toISOString();
const anHourAgo = () => new Date(Date.now() - HOUR_MS).toISOString();

async function waitFor(check: () => Promise<boolean> | boolean, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolveWait) => setTimeout(resolveWait, 25));
  }
}

async function titleIdOf(dataSource: DataSource, series: Series): Promise<number> {
  const [row] = (await dataSource.query('SELECT id FROM title WHERE slug = $1', [series.slug])) as Array<{ id: number }>;
  return row!.id;
}

async function episodeIdOf(dataSource: DataSource, series: Series, number: number): Promise<number> {
  const [row] = (await dataSource.query(
    `SELECT e.id FROM episode e JOIN title t ON t.id = e.title_id JOIN season s ON s.id = e.season_id
      WHERE t.slug = $1 AND s.number = 1 AND e.number = $2`,
    [series.slug, number],
  )) as Array<{ id: number }>;
  return row!.id;
}

/** The notifications of an episode's release, by member. */
async function noticesOf(dataSource: DataSource, episodeId: number): Promise<NoticeRow[]> {
  return (await dataSource.query(
    `SELECT user_id, kind, seq::int AS seq, text, link FROM notification WHERE group_key = $1 ORDER BY user_id`,
    [`episode:${episodeId}`],
  )) as NoticeRow[];
}

/** Whether each member's notification stream has exactly the numbers 1..N of their N notifications. */
async function streamsWithoutGaps(dataSource: DataSource, userIds: readonly number[]): Promise<boolean> {
  const rows = (await dataSource.query(
    `SELECT u.id, coalesce(s.last_seq, 0)::int AS last_seq,
            (SELECT count(*) FROM notification n WHERE n.user_id = u.id)::int AS notifications,
            (SELECT coalesce(max(n.seq), 0) FROM notification n WHERE n.user_id = u.id)::int AS max_seq
       FROM unnest($1::int[]) AS u(id) LEFT JOIN stream_sequence s ON s.stream = 'notifications:' || u.id`,
    [userIds],
  )) as Array<{ last_seq: number; notifications: number; max_seq: number }>;
  return rows.every((row) => row.last_seq === row.notifications && row.max_seq === row.notifications);
}

async function releaseEventsOf(dataSource: DataSource, episodeId: number): Promise<number> {
  const rows = (await dataSource.query("SELECT payload FROM outbox_message WHERE name = 'episode.released'")) as Array<{
    payload: { episodeIds: number[] };
  }>;
  return rows.filter((row) => row.payload.episodeIds.includes(episodeId)).length;
}

/** The series as the file says it, with a fourth episode added. */
const withEpisode = (series: Series, episode: ReturnType<typeof buildEpisode>): Series => ({
  ...series,
  seasons: [{ ...series.seasons[0]!, episodes: [...series.seasons[0]!.episodes, episode] }],
});

describe('episode release', () => {
  let catalog: Awaited<ReturnType<typeof openCatalogDatabase>>;
  let importer: CatalogImportService;

  beforeEach(async () => {
    catalog = await openCatalogDatabase();
    importer = new CatalogImportService(catalog.dataSource);
  });

  afterEach(() => catalog.close());

  it('releases an aired episode an import adds in its transaction, once, and schedules one still to air', async () => {
    const series = buildSeries();
    await importer.import(buildCatalogFile([series]));
    const firstEpisode = await episodeIdOf(catalog.dataSource, series, 1);
    const updated = withEpisode(withEpisode(series, buildEpisode(4, { airAt: anHourAgo() })), buildEpisode(5, { airAt: inAnHour() }));

    await importer.import(buildCatalogFile([updated]));
    await importer.import(buildCatalogFile([updated]));

    const aired = await episodeIdOf(catalog.dataSource, series, 4);
    const scheduled = await episodeIdOf(catalog.dataSource, series, 5);
    expect(await releaseEventsOf(catalog.dataSource, firstEpisode)).toBe(1);
    expect(await releaseEventsOf(catalog.dataSource, aired)).toBe(1);
    expect(await releaseEventsOf(catalog.dataSource, scheduled)).toBe(0);
    const rows = (await catalog.dataSource.query(
      'SELECT episode_id, released_at IS NOT NULL AS released FROM episode_release WHERE episode_id = ANY($1::int[]) ORDER BY episode_id',
      [[aired, scheduled]],
    )) as Array<{ episode_id: number; released: boolean }>;
    expect(rows).toEqual([
      { episode_id: aired, released: true },
      { episode_id: scheduled, released: false },
    ]);
  });

  it('releases a scheduled episode once its air time passed, once when several processes look at the same moment', async () => {
    const series = withEpisode(buildSeries(), buildEpisode(4, { airAt: inAnHour() }));
    await importer.import(buildCatalogFile([series]));
    const episodeId = await episodeIdOf(catalog.dataSource, series, 4);
    const releases = new EpisodeReleases();
    const lookTogether = () =>
      Promise.all(Array.from({ length: 4 }, () => catalog.dataSource.transaction((manager) => releases.releaseDue(manager))));
    expect(await lookTogether()).toEqual([0, 0, 0, 0]);

    await catalog.dataSource.query("UPDATE episode SET air_at = now() - interval '1 second' WHERE id = $1", [episodeId]);
    const released = await lookTogether();
    const releasedAgain = await lookTogether();

    expect(released.reduce((sum, count) => sum + count, 0)).toBe(1);
    expect(releasedAgain).toEqual([0, 0, 0, 0]);
    expect(await releaseEventsOf(catalog.dataSource, episodeId)).toBe(1);
  });

  it('tells how long until the next scheduled episode airs, and nothing (not "now") when none is scheduled', async () => {
    const releases = new EpisodeReleases();
    await catalog.dataSource.query('UPDATE episode_release SET released_at = now() WHERE released_at IS NULL');
    // A process with nothing scheduled sleeps its longest wait instead of looking again at once.
    expect(await releases.nextDueInMs(catalog.dataSource.manager)).toBeNull();

    const series = withEpisode(buildSeries(), buildEpisode(4, { airAt: inAnHour() }));
    await importer.import(buildCatalogFile([series]));
    const dueInMs = await releases.nextDueInMs(catalog.dataSource.manager);
    expect(dueInMs).toBeGreaterThan(HOUR_MS - 60_000);
    expect(dueInMs).toBeLessThanOrEqual(HOUR_MS);

    await catalog.dataSource.query("UPDATE episode SET air_at = now() - interval '1 minute' WHERE id = $1", [await episodeIdOf(catalog.dataSource, series, 4)]);
    expect(await releases.nextDueInMs(catalog.dataSource.manager)).toBe(0);
  });

  it('releases an episode that aired while no process ran as soon as one starts, and its follower is told', async () => {
    const series = withEpisode(buildSeries(), buildEpisode(4, { airAt: inAnHour() }));
    await importer.import(buildCatalogFile([series]));
    const episodeId = await episodeIdOf(catalog.dataSource, series, 4);
    const [follower] = (await insertMembers(catalog.dataSource, 1)) as [number];
    await follow(catalog.dataSource, await titleIdOf(catalog.dataSource, series), [follower]);
    await catalog.dataSource.query("UPDATE episode SET air_at = now() - interval '1 second' WHERE id = $1", [episodeId]);

    const app = await startTestApp({ DATABASE_URL: catalog.database.url });
    try {
      await waitFor(async () => (await noticesOf(catalog.dataSource, episodeId)).length === 1);
      expect((await noticesOf(catalog.dataSource, episodeId))[0]).toMatchObject({ user_id: follower, kind: 'episode.new' });
      expect(await releaseEventsOf(catalog.dataSource, episodeId)).toBe(1);
      expect(await streamsWithoutGaps(catalog.dataSource, [follower])).toBe(true);
    } finally {
      await app.close();
    }
  });
});

describe('new-episode fan-out in one process (jobs in-process)', () => {
  let app: TestApp;
  let dataSource: DataSource;
  let sut: EpisodeFanOut;
  let importer: CatalogImportService;
  const sockets: ClientSocket[] = [];

  /**
   * Imports the file and waits until the relay handed on what it published: the release of the
   * episodes that aired already finds no audience yet, so members added next hear only of what
   * a test releases.
   */
  async function importAndRelay(series: Series[]) {
    await importer.import(buildCatalogFile(series));
    await waitFor(async () => Number((await dataSource.query('SELECT count(*) AS n FROM outbox_message WHERE delivered_at IS NULL'))[0].n) === 0);
  }

  /** A series already in the catalog, with `members` fresh members. */
  async function seriesWithMembers(count: number, series = buildSeries()) {
    await importAndRelay([series]);
    return { series, titleId: await titleIdOf(dataSource, series), members: await insertMembers(dataSource, count) };
  }

  beforeAll(async () => {
    app = await startTestApp({ TRUST_PROXY: 'true' });
    dataSource = app.server.app.get(DataSource);
    sut = app.server.app.get(EpisodeFanOut);
    importer = app.server.app.get(CatalogImportService);
  });

  afterEach(() => {
    sut.chunkSize = FAN_OUT_CHUNK_SIZE;
    sut.afterChunk = null;
    sockets.splice(0).forEach((socket) => socket.disconnect());
  });

  afterAll(() => app.close());

  it('an import adding an aired episode tells its followers, not other members nor those who muted new episodes', async () => {
    const { series, titleId, members } = await seriesWithMembers(5);
    const [mutedFollower, stranger, notifyOnly, follower, lastFollower] = members as [number, number, number, number, number];
    await follow(dataSource, titleId, [mutedFollower, follower, lastFollower]);
    await askToNotify(dataSource, titleId, [notifyOnly]);
    await mute(dataSource, mutedFollower, 'episode.new');
    sut.chunkSize = 2;

    await importer.import(buildCatalogFile([withEpisode(series, buildEpisode(4, { airAt: anHourAgo() }))]));

    const episodeId = await episodeIdOf(dataSource, series, 4);
    // The chunks commit in member order: the run is complete once the last follower's row exists.
    await waitFor(async () => (await noticesOf(dataSource, episodeId)).some((row) => row.user_id === lastFollower));
    const notice = {
      kind: 'episode.new',
      seq: 1,
      text: 'Takip ettiğiniz Deneme Dizisi için yeni bölüm: 1. Sezon 4. Bölüm',
      link: `/dizi/${series.slug}/1-sezon/4-bolum`,
    };
    const rows = await noticesOf(dataSource, episodeId);
    expect(rows).toEqual([
      { user_id: follower, ...notice },
      { user_id: lastFollower, ...notice },
    ]);
    expect(rows.map((row) => row.user_id)).not.toContain(stranger);
    expect(await streamsWithoutGaps(dataSource, members)).toBe(true);
  });

  it('tells the "Haber ver" members when a scheduled premiere airs, one notification each, and the followers of it as a new episode', async () => {
    const premiere = buildSeries({ seasons: [{ number: 1, episodes: [buildEpisode(1, { airAt: inAnHour() })] }] });
    const { titleId, members } = await seriesWithMembers(5, premiere);
    const [mutedAsker, follower, asker, followingAsker, lastAsker] = members as [number, number, number, number, number];
    await follow(dataSource, titleId, [follower, followingAsker]);
    await askToNotify(dataSource, titleId, [mutedAsker, asker, followingAsker, lastAsker]);
    await mute(dataSource, mutedAsker, 'title.aired');
    const episodeId = await episodeIdOf(dataSource, premiere, 1);

    // Its air time passes; the server's release scheduler finds it.
    await dataSource.query("UPDATE episode SET air_at = now() - interval '1 second' WHERE id = $1", [episodeId]);

    await waitFor(async () => (await noticesOf(dataSource, episodeId)).some((row) => row.user_id === lastAsker));
    const link = `/dizi/${premiere.slug}/1-sezon/1-bolum`;
    const aired = { kind: 'title.aired', seq: 1, text: 'Haber vermemizi istediğiniz Deneme Dizisi yayında: 1. Sezon 1. Bölüm', link };
    expect(await noticesOf(dataSource, episodeId)).toEqual([
      { user_id: follower, kind: 'episode.new', seq: 1, text: 'Takip ettiğiniz Deneme Dizisi için yeni bölüm: 1. Sezon 1. Bölüm', link },
      { user_id: asker, ...aired },
      { user_id: followingAsker, ...aired },
      { user_id: lastAsker, ...aired },
    ]);
    expect(await releaseEventsOf(dataSource, episodeId)).toBe(1);
  });

  it('run twice, even at the same time, writes each notification once and numbers each stream without gaps', async () => {
    // Scheduled an hour ahead, so nothing runs on its own: the runs here are the only ones.
    const series = withEpisode(buildSeries(), buildEpisode(4, { airAt: inAnHour() }));
    const { titleId, members } = await seriesWithMembers(7, series);
    await follow(dataSource, titleId, members);
    const episodeId = await episodeIdOf(dataSource, series, 4);
    sut.chunkSize = 2;

    await Promise.all([sut.run(episodeId, { jobId: 'first', attempt: 1 }), sut.run(episodeId, { jobId: 'second', attempt: 1 })]);
    await sut.run(episodeId, { jobId: 'third', attempt: 1 });

    expect((await noticesOf(dataSource, episodeId)).map((row) => [row.user_id, row.seq])).toEqual(members.map((id) => [id, 1]));
    expect(await streamsWithoutGaps(dataSource, members)).toBe(true);
  });

  it('a run stopped after its first chunk is retried by the queue and completes with each notification once', async () => {
    const { series, titleId, members } = await seriesWithMembers(5);
    await follow(dataSource, titleId, members);
    sut.chunkSize = 2;
    const progress: Array<{ attempt: number; lastUserId: number }> = [];
    const storedWhenStopped: number[] = [];
    sut.afterChunk = async ({ episodeId, attempt, lastUserId }) => {
      progress.push({ attempt, lastUserId });
      if (attempt > 1) return;
      storedWhenStopped.push((await noticesOf(dataSource, episodeId)).length);
      throw new Error('the process stopped here');
    };

    await importer.import(buildCatalogFile([withEpisode(series, buildEpisode(4, { airAt: anHourAgo() }))]));

    const episodeId = await episodeIdOf(dataSource, series, 4);
    await waitFor(async () => (await noticesOf(dataSource, episodeId)).length === members.length);
    expect(progress[0]).toEqual({ attempt: 1, lastUserId: members[1] });
    expect(storedWhenStopped[0]).toBeLessThan(members.length);
    expect(progress.some((step) => step.attempt === 2)).toBe(true);
    expect((await noticesOf(dataSource, episodeId)).map((row) => [row.user_id, row.seq])).toEqual(members.map((id) => [id, 1]));
    expect(await streamsWithoutGaps(dataSource, members)).toBe(true);
  });

  it("pushes the new notification with the unread count to an online follower's socket", async () => {
    const series = buildSeries();
    await importAndRelay([series]);
    const { agent } = await registerMember(app.baseUrl);
    const session = await agent.get('/api/auth/session');
    expect((await agent.post(`/api/titles/dizi/${series.slug}/follow`)).status).toBeLessThan(300);
    const socket: ClientSocket = io(app.baseUrl, {
      path: SOCKET_PATH,
      transports: ['websocket'],
      reconnection: false,
      extraHeaders: { Cookie: session.request.cookies },
    });
    sockets.push(socket);
    await new Promise<void>((resolveConnect, reject) => {
      socket.once('connect', resolveConnect);
      socket.once('connect_error', reject);
    });
    const pushed = new Promise<CreatedPayload>((resolvePush) => socket.once('notification.created', resolvePush));

    await importer.import(buildCatalogFile([withEpisode(series, buildEpisode(4, { airAt: anHourAgo() }))]));

    const payload = await pushed;
    const episodeId = await episodeIdOf(dataSource, series, 4);
    const [stored] = await noticesOf(dataSource, episodeId);
    expect(stored!.user_id).toBe(session.body.user.id);
    expect(payload).toEqual({
      notification: {
        id: expect.any(Number),
        seq: 1,
        kind: 'episode.new',
        actor: null,
        actorCount: 0,
        text: 'Takip ettiğiniz Deneme Dizisi için yeni bölüm: 1. Sezon 4. Bölüm',
        link: `/dizi/${series.slug}/1-sezon/4-bolum`,
        read: false,
        createdAt: expect.any(String),
        updatedAt: expect.any(String),
      },
      unreadCount: 1,
    });
  });
});
