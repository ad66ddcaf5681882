import {
  COMMENT_MESSAGES as M,
  MESSAGES,
  REALTIME_MESSAGES,
  ROOM_MESSAGES,
  SEND_KEY_MESSAGES,
  TIMED_COMMENT_MESSAGES as TM,
  TIMED_COMMENT_RULES,
  WATCH_MESSAGES,
  commentRooms,
  type ClientToServerEvents,
  type ServerToClientEvents,
  type TimedComment,
} from '@seyirlik/shared-contracts';
import type { Socket } from 'socket.io-client';
import type request from 'supertest';
import { DataSource } from 'typeorm';
import { CatalogImportService } from '../../src/catalog/import/catalog-import.service';
import { buildCatalogFile, buildEpisode, buildFilm, buildSeries } from '../factories/catalog';
import { refusedComment } from '../factories/comments';
import { visitorAgent } from '../factories/members';
import { createRoom, signedInMember, type MemberAgent, type SignedInMember } from '../factories/rooms';
import { connectSocket } from '../harness/room-client';
import { startTestApp, type TestApp } from '../support/test-app';

type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

describe('timed comments', () => {
  let sut: TestApp;
  let db: DataSource;
  const series = buildSeries({
    seasons: [{ number: 1, episodes: [buildEpisode(1), buildEpisode(2), buildEpisode(3, { airAt: '2099-01-01T20:00:00Z' })] }],
  });
  const film = buildFilm();
  /** 2700 s long (the factory's episode). */
  let episodeId: number;
  let quietEpisodeId: number;
  let unairedEpisodeId: number;
  /** 5400 s long. */
  let filmEpisodeId: number;
  let filmId: number;
  let seriesId: number;
  const sockets: ClientSocket[] = [];

  const refused = (send: () => Promise<request.Response>) => refusedComment(db, send);

  const member = () => signedInMember(sut.baseUrl);
  const pin = (agent: MemberAgent, body: Record<string, unknown>, id = episodeId) => agent.post(`/api/episodes/${id}/timed-comments`).send(body);
  const windowOf = (query: string, id = episodeId) => visitorAgent(sut.baseUrl).get(`/api/episodes/${id}/timed-comments?${query}`);
  const seconds = (comments: TimedComment[]) => comments.map((comment) => comment.positionSeconds);

  async function connect(): Promise<ClientSocket> {
    const socket = await connectSocket(sut.baseUrl);
    sockets.push(socket);
    return socket;
  }

  const nextEvent = <E extends keyof ServerToClientEvents>(socket: ClientSocket, event: E) =>
    new Promise<Parameters<ServerToClientEvents[E]>[0]>((resolveEvent, reject) => {
      const timer = setTimeout(() => reject(new Error(`no ${event} within 5 s`)), 5000);
      socket.once(event, ((payload: Parameters<ServerToClientEvents[E]>[0]) => {
        clearTimeout(timer);
        resolveEvent(payload);
      }) as never);
    });

  beforeAll(async () => {
    sut = await startTestApp({ TRUST_PROXY: 'true' });
    db = sut.server.app.get(DataSource);
    await sut.server.app.get(CatalogImportService).import(buildCatalogFile([series, film]));
    const rows = (await db.query('SELECT e.id, e.number, t.slug, t.id AS title_id FROM episode e JOIN title t ON t.id = e.title_id')) as Array<{
      id: number;
      number: number;
      slug: string;
      title_id: number;
    }>;
    const episodeOf = (slug: string, number: number) => rows.find((row) => row.slug === slug && row.number === number)!;
    [episodeId, quietEpisodeId, unairedEpisodeId] = [1, 2, 3].map((number) => episodeOf(series.slug, number).id);
    filmEpisodeId = episodeOf(film.slug, 1).id;
    filmId = episodeOf(film.slug, 1).title_id;
    seriesId = episodeOf(series.slug, 1).title_id;
  });

  afterAll(async () => {
    sockets.forEach((socket) => socket.disconnect());
    await sut.close();
  });

  describe('pinning', () => {
    it.each([
      ['post', (): string => `/api/episodes/${episodeId}/timed-comments`],
      ['get', (): string => `/api/rooms/replays?episode=${episodeId}`],
      ['get', (): string => '/api/rooms/abcdefghijkl/timeline?from=0&to=60'],
    ] as const)('requires authentication: %s %s answers a visitor 401 and changes nothing', async (method, path) => {
      const response = await refused(() => visitorAgent(sut.baseUrl)[method](path()).send({ text: 'merhaba', positionSeconds: 3 }));
      expect([response.status, response.body.message]).toEqual([401, MESSAGES.loginRequired]);
    });

    it('pins a comment to a second, answers it and pushes it to the episode’s timeline channel only', async () => {
      const { agent, userId } = await member();
      const socket = await connect();
      expect(await socket.timeout(2000).emitWithAck('room.join', { room: commentRooms.timeline(episodeId) })).toEqual({ ok: true });
      expect(await socket.timeout(2000).emitWithAck('room.join', { room: commentRooms.episode(episodeId) })).toEqual({ ok: true });
      const pushed = nextEvent(socket, 'timedComment.created');
      const listed = nextEvent(socket, 'comment.created');

      const response = await pin(agent, { text: 'Tam burada 😂', positionSeconds: 3 });

      expect(response.status).toBe(201);
      expect(response.body).toEqual({
        id: expect.any(Number),
        positionSeconds: 3,
        author: expect.objectContaining({ id: userId }),
        text: 'Tam burada :joy:',
        createdAt: expect.any(String),
      });
      expect(await pushed).toEqual({ episodeId, comment: response.body });
      // The episode's comment list hears of the next ordinary comment, and of no timed one before it.
      const ordinary = await agent.post(`/api/episodes/${episodeId}/comments`).send({ text: 'Sıradan yorum' });
      expect((await listed).id).toBe(ordinary.body.id);
    });

    it('pins to a film’s one episode too, without touching the film’s comment list', async () => {
      const { agent } = await member();
      const before = await visitorAgent(sut.baseUrl).get(`/api/titles/film/${film.slug}/comments`);
      const response = await pin(agent, { text: 'Filmin sonu', positionSeconds: 5400 }, filmEpisodeId);
      expect([response.status, response.body.positionSeconds]).toEqual([201, 5400]);
      const after = await visitorAgent(sut.baseUrl).get(`/api/titles/film/${film.slug}/comments`);
      expect(after.text).toBe(before.text);
      expect((await db.query('SELECT title_id FROM comment WHERE id = $1', [response.body.id]))[0].title_id).toBe(filmId);
    });

    it.each([
      ['a negative second', { text: 'Önce', positionSeconds: -1 }, 400, TM.positionInvalid],
      ['a second past the episode’s end', { text: 'Sonra', positionSeconds: 2701 }, 400, TM.positionPastEnd],
      ['a fraction of a second', { text: 'Kesir', positionSeconds: 1.5 }, 400, TM.positionInvalid],
      ['no second', { text: 'Saniyesiz' }, 400, TM.positionInvalid],
      ['HTML', { text: '<b>kalın</b>', positionSeconds: 3 }, 400, M.markupNotAllowed],
      ['a script', { text: '<script>alert(1)</script>', positionSeconds: 3 }, 400, M.markupNotAllowed],
      ['an empty text', { text: '   ', positionSeconds: 3 }, 400, M.textRequired],
      ['a text over the limit', { text: 'a'.repeat(501), positionSeconds: 3 }, 400, M.textTooLong],
    ])('refuses %s in Turkish and changes nothing', async (_case, body, status, message) => {
      const { agent } = await member();
      const response = await refused(() => pin(agent, body));
      expect([response.status, response.body.message]).toEqual([status, message]);
    });

    it('refuses an episode that is not there or has not aired, in Turkish', async () => {
      const { agent } = await member();
      for (const id of [unairedEpisodeId, 99999999]) {
        const response = await refused(() => pin(agent, { text: 'Yok', positionSeconds: 1 }, id));
        expect([response.status, response.body.message]).toEqual([404, TM.episodeNotFound]);
      }
    });

    it('stops a flood with the comments’ own limit: 10 comments and timed comments a minute, the rest refused in Turkish', async () => {
      const { agent, userId } = await member();
      for (let index = 0; index < 4; index += 1) expect((await agent.post(`/api/episodes/${episodeId}/comments`).send({ text: `Sıradan ${index}` })).status).toBe(201);
      const statuses: number[] = [];
      for (let index = 0; index < 10; index += 1) statuses.push((await pin(agent, { text: `Sel ${index}`, positionSeconds: index })).status);
      expect(statuses).toEqual([...Array<number>(6).fill(201), ...Array<number>(4).fill(429)]);
      const refusal = await refused(() => pin(agent, { text: 'Bir daha', positionSeconds: 1 }));
      expect([refusal.status, refusal.body.message]).toEqual([429, MESSAGES.tooManyRequests]);
      expect((await db.query('SELECT count(*)::int AS n FROM comment WHERE user_id = $1 AND position_seconds IS NOT NULL', [userId]))[0].n).toBe(6);
    });

    it('is idempotent with the send key: a retry answers the stored comment, the key with another second is refused', async () => {
      const { agent } = await member();
      const first = await pin(agent, { text: 'Bir kez', positionSeconds: 7, clientKey: 'timed-key-0001' });
      const again = await pin(agent, { text: 'Bir kez', positionSeconds: 7, clientKey: 'timed-key-0001' });
      expect([again.status, again.body.id]).toEqual([201, first.body.id]);
      const moved = await refused(() => pin(agent, { text: 'Bir kez', positionSeconds: 8, clientKey: 'timed-key-0001' }));
      expect([moved.status, moved.body.message]).toEqual([409, SEND_KEY_MESSAGES.reused]);
      const asOrdinary = await refused(() => agent.post(`/api/episodes/${episodeId}/comments`).send({ text: 'Bir kez', clientKey: 'timed-key-0001' }));
      expect(asOrdinary.status).toBe(409);
    });
  });

  describe('the lane and the heat strip', () => {
    let writer: SignedInMember;

    beforeAll(async () => {
      writer = await member();
      for (const second of [59, 3, 60, 10, 61]) await pin(writer.agent, { text: `Saniye ${second}`, positionSeconds: second }, quietEpisodeId);
    });

    it('reads a window of seconds [from, to), by second, to a visitor', async () => {
      const first = await windowOf('from=0&to=60', quietEpisodeId);
      expect(first.status).toBe(200);
      expect(seconds(first.body.comments)).toEqual([3, 10, 59]);
      expect(first.body.hasMore).toBe(false);
      expect(first.body.comments[0]).toEqual(expect.objectContaining({ text: 'Saniye 3', author: expect.objectContaining({ id: writer.userId }) }));
      expect(seconds((await windowOf('from=60&to=120', quietEpisodeId)).body.comments)).toEqual([60, 61]);
      expect((await windowOf('from=120&to=180', quietEpisodeId)).body).toEqual({ comments: [], hasMore: false });
    });

    it('reads a full window on from its last comment with `after`', async () => {
      const { userId } = await member();
      const { pageSize, extra } = { pageSize: TIMED_COMMENT_RULES.windowPageSize, extra: 5 };
      await db.query(
        `INSERT INTO comment (user_id, title_id, episode_id, position_seconds, text)
         SELECT $1, $2, $3, 1000, 'Kalabalık ' || n FROM generate_series(1, $4) AS n`,
        [userId, seriesId, quietEpisodeId, pageSize + extra],
      );
      const first = await windowOf('from=1000&to=1060', quietEpisodeId);
      expect([first.body.comments.length, first.body.hasMore]).toEqual([pageSize, true]);
      const last = first.body.comments.at(-1) as TimedComment;
      const rest = await windowOf(`from=1000&to=1060&after=${last.id}`, quietEpisodeId);
      expect([rest.body.comments.length, rest.body.hasMore]).toEqual([extra, false]);
      const ids = [...first.body.comments, ...rest.body.comments].map((comment: TimedComment) => comment.id);
      expect(new Set(ids).size).toBe(pageSize + extra);
    });

    it.each([
      ['to before from', 'from=60&to=0', TM.windowInvalid],
      ['an empty window', 'from=60&to=60', TM.windowInvalid],
      ['a window too wide', `from=0&to=${TIMED_COMMENT_RULES.maxWindowSeconds + 1}`, TM.windowInvalid],
      ['a negative start', 'from=-1&to=60', TM.windowInvalid],
      ['no window', '', TM.windowInvalid],
      ['a bad `after`', 'from=0&to=60&after=x', TM.afterInvalid],
    ])('refuses %s in Turkish', async (_case, query, message) => {
      const response = await windowOf(query, quietEpisodeId);
      expect([response.status, response.body.message]).toEqual([400, message]);
    });

    it('answers 404 in Turkish for an episode that is not there or has not aired', async () => {
      for (const id of [unairedEpisodeId, 99999999]) {
        expect((await windowOf('from=0&to=60', id)).body).toEqual({ statusCode: 404, message: TM.episodeNotFound });
        expect((await visitorAgent(sut.baseUrl).get(`/api/episodes/${id}/timed-comments/heat`)).body).toEqual({ statusCode: 404, message: TM.episodeNotFound });
      }
    });

    it('counts the heat strip in equal parts of the episode', async () => {
      const heat = await visitorAgent(sut.baseUrl).get(`/api/episodes/${quietEpisodeId}/timed-comments/heat`);
      expect(heat.status).toBe(200);
      expect(heat.body.durationSeconds).toBe(2700);
      expect(heat.body.buckets).toHaveLength(TIMED_COMMENT_RULES.heatBuckets);
      // 27 s a part: 3 and 10 in the first, 59 and 60 in the third, 61 too, 1000 in the 38th.
      const expected = Array<number>(TIMED_COMMENT_RULES.heatBuckets).fill(0);
      expected[0] = 2;
      expected[2] = 3;
      expected[37] = TIMED_COMMENT_RULES.windowPageSize + 5;
      expect(heat.body.buckets).toEqual(expected);

    });

    it('leaves deleted timed comments out of the heat strip', async () => {
      const { agent } = await member();
      // The film's episode has one timed comment at its last second already; of these two, one is deleted.
      await pin(agent, { text: 'Son saniye', positionSeconds: 5400 }, filmEpisodeId);
      const deleted = await pin(agent, { text: 'Silinen son saniye', positionSeconds: 5400 }, filmEpisodeId);
      await agent.delete(`/api/comments/${deleted.body.id}`);
      const heat = await visitorAgent(sut.baseUrl).get(`/api/episodes/${filmEpisodeId}/timed-comments/heat`);
      expect([heat.body.durationSeconds, heat.body.buckets[99], heat.body.buckets.reduce((sum: number, n: number) => sum + n, 0)]).toEqual([5400, 2, 2]);
    });

    it('opens the timeline channel of an aired episode (a film’s too) to anyone, and of no other', async () => {
      const socket = await connect();
      for (const id of [episodeId, filmEpisodeId]) {
        expect(await socket.timeout(2000).emitWithAck('room.join', { room: commentRooms.timeline(id) })).toEqual({ ok: true });
      }
      for (const id of [unairedEpisodeId, 99999999]) {
        expect(await socket.timeout(2000).emitWithAck('room.join', { room: commentRooms.timeline(id) })).toEqual({ ok: false, message: REALTIME_MESSAGES.roomRefused });
      }
    });
  });

  describe('report and delete, as comments', () => {
    it('reports a timed comment through the comments’ report, once, and not one’s own', async () => {
      const author = await member();
      const reporter = await member();
      const timed = (await pin(author.agent, { text: 'Bildirilecek', positionSeconds: 12 })).body as TimedComment;

      const report = await reporter.agent.post(`/api/comments/${timed.id}/reports`).send({ reason: 'spoiler' });
      expect([report.status, report.body.message]).toEqual([201, M.reportReceived]);
      expect((await db.query('SELECT comment_text FROM comment_report WHERE comment_id = $1', [timed.id]))[0].comment_text).toBe('Bildirilecek');
      const again = await refused(() => reporter.agent.post('/set/report').type('form').send({ id: timed.id, value: 'spam', type: 'comment' }));
      expect(again.body).toEqual({ success: false, error: true, message: M.reportDuplicate });
      const own = await refused(() => author.agent.post(`/api/comments/${timed.id}/reports`).send({ reason: 'spam' }));
      expect([own.status, own.body.message]).toEqual([400, M.reportOwn]);
    });

    it('deletes one’s own timed comment, pushing the deletion to the timeline; anyone else’s is refused', async () => {
      const author = await member();
      const stranger = await member();
      const timed = (await pin(author.agent, { text: 'Silinecek', positionSeconds: 2000 })).body as TimedComment;
      const socket = await connect();
      await socket.timeout(2000).emitWithAck('room.join', { room: commentRooms.timeline(episodeId) });

      const foreign = await refused(() => stranger.agent.delete(`/api/comments/${timed.id}`));
      expect([foreign.status, foreign.body.message]).toEqual([403, M.deleteForbidden]);
      const deleted = nextEvent(socket, 'comment.deleted');
      expect((await author.agent.delete(`/api/comments/${timed.id}`)).status).toBe(204);
      expect(await deleted).toEqual({ id: timed.id, parentId: null, hasReplies: false });
      expect((await windowOf('from=2000&to=2001')).body.comments).toEqual([]);
    });
  });

  describe('legacy answers and ordinary lists', () => {
    it('stay byte for byte as they were when timed comments are pinned', async () => {
      const { agent, username } = await member();
      await agent.post(`/api/episodes/${episodeId}/comments`).send({ text: 'Önceden yazılmış' });
      const visitor = visitorAgent(sut.baseUrl);
      const reads = () =>
        Promise.all([
          visitor.get(`/api/episodes/${episodeId}/comments`),
          visitor.get(`/api/episodes/${episodeId}/comments?order=liked`),
          visitor.get(`/api/titles/dizi/${series.slug}/comments`),
          visitor.get(`/api/users/${username}/comments`),
          visitor.post('/get/more/comment').type('form').send({ type: 2, id: episodeId, page: 1 }),
          visitor.post('/get/more/comment').type('form').send({ type: 1, id: seriesId, page: 1 }),
          visitor.post('/get/more/comment').type('form').send({ type: 3, id: filmId, page: 1 }),
        ]).then((responses) => responses.map((response) => `${response.status} ${response.text}`));
      const before = await reads();

      for (const second of [0, 1, 2]) expect((await pin(agent, { text: `Zamanlı ${second}`, positionSeconds: second })).status).toBe(201);
      expect((await pin(agent, { text: 'Film anı', positionSeconds: 1 }, filmEpisodeId)).status).toBe(201);

      expect(await reads()).toEqual(before);
    });

    it('refuses a reply to a timed comment, JSON and legacy, and changes nothing', async () => {
      const { agent } = await member();
      const timed = (await pin(agent, { text: 'Yanıtsız', positionSeconds: 4 })).body as TimedComment;
      const json = await refused(() => agent.post(`/api/episodes/${episodeId}/comments`).send({ text: 'Yanıt', parentId: timed.id }));
      expect([json.status, json.body.message]).toEqual([404, M.parentNotFound]);
      const legacy = await refused(() => agent.post('/set/comment/reply').type('form').send({ id: timed.id, message: 'Yanıt', episode: 0 }));
      expect(legacy.body).toEqual({ success: false, error: true, message: M.parentNotFound });
    });
  });

  describe('likes', () => {
    it('has none: liking a timed comment is refused, JSON and legacy, and changes nothing', async () => {
      const { agent } = await member();
      const { agent: other } = await member();
      const timed = (await pin(agent, { text: 'Beğenisiz', positionSeconds: 6 })).body as TimedComment;
      const likes = async () => (await db.query('SELECT count(*)::int AS n, (SELECT like_count FROM comment WHERE id = $1) AS shown FROM comment_like WHERE comment_id = $1', [timed.id]))[0];
      const before = await likes();

      const json = await refused(() => other.post(`/api/comments/${timed.id}/like`));
      const legacy = await refused(() => other.post('/set/action').type('form').send({ type: 2, series_id: episodeId, post_id: timed.id }));

      expect([json.status, json.body.message]).toEqual([404, M.commentNotFound]);
      expect(legacy.body).toMatchObject({ success: false, message: M.commentNotFound });
      expect(await likes()).toEqual(before);
      expect(before).toEqual({ n: 0, shown: 0 });
    });
  });

  describe('a room’s chat in time', () => {
    let creator: SignedInMember;
    let guest: SignedInMember;
    let code: string;

    beforeAll(async () => {
      [creator, guest] = await Promise.all([member(), member()]);
      code = await createRoom(creator.agent, { episodeId, title: 'Cuma gecesi', invite: [guest.userId], controlMode: 'creator' });
    });

    const positionOf = async (seq: number) =>
      ((await db.query('SELECT w.position_seconds FROM watch_room_message w JOIN watch_room r ON r.id = w.room_id WHERE r.code = $1 AND w.seq = $2', [code, seq])) as Array<{
        position_seconds: number;
      }>)[0]!.position_seconds;

    it('stores each message at the room’s playback second: paused where it stands, playing with the time since', async () => {
      await creator.agent.post(`/api/rooms/${code}/playback`).send({ action: 'seek', positionSeconds: 30.7 });
      const paused = await guest.agent.post(`/api/rooms/${code}/messages`).send({ text: 'Durdu' });
      expect(await positionOf(paused.body.seq)).toBe(30);

      await creator.agent.post(`/api/rooms/${code}/playback`).send({ action: 'play', positionSeconds: 100 });
      // As if the room had been playing for 20 s since.
      await db.query('UPDATE watch_room SET playback_server_time = playback_server_time - 20000 WHERE code = $1', [code]);
      const playing = await guest.agent.post(`/api/rooms/${code}/messages`).send({ text: 'Oynuyor' });
      expect(await positionOf(playing.body.seq)).toBe(120);

      // Never past the episode's end.
      await db.query('UPDATE watch_room SET playback_server_time = playback_server_time - 10000000 WHERE code = $1', [code]);
      const late = await creator.agent.post('/ajax/service').type('form').send({ type: 'add_chat', code, data: 'Bitti' });
      expect(late.body.success).toBe(true);
      expect(await positionOf(3)).toBe(2700);
    });

    it('replays the chat by second to the room’s members, and lists the room beside the episode', async () => {
      const window = await guest.agent.get(`/api/rooms/${code}/timeline?from=0&to=300`);
      expect(window.status).toBe(200);
      expect(window.body.comments.map((entry: TimedComment) => [entry.id, entry.positionSeconds, entry.text])).toEqual([
        [1, 30, 'Durdu'],
        [2, 120, 'Oynuyor'],
      ]);
      expect((await creator.agent.get(`/api/rooms/replays?episode=${episodeId}`)).body).toEqual({ rooms: [{ code, title: 'Cuma gecesi' }] });
      expect((await creator.agent.get(`/api/rooms/replays?episode=${quietEpisodeId}`)).body).toEqual({ rooms: [] });
    });

    it('refuses the replay to anyone else in Turkish', async () => {
      const stranger = await member();
      const forbidden = await stranger.agent.get(`/api/rooms/${code}/timeline?from=0&to=60`);
      expect([forbidden.status, forbidden.body.message]).toEqual([403, ROOM_MESSAGES.notInvited]);
      const unknown = await stranger.agent.get('/api/rooms/abcdefghijkl/timeline?from=0&to=60');
      expect([unknown.status, unknown.body.message]).toEqual([404, ROOM_MESSAGES.roomNotFound]);
      expect((await stranger.agent.get(`/api/rooms/replays?episode=${episodeId}`)).body).toEqual({ rooms: [] });
      const badWindow = await guest.agent.get(`/api/rooms/${code}/timeline?from=10&to=5`);
      expect([badWindow.status, badWindow.body.message]).toEqual([400, TM.windowInvalid]);
      const badEpisode = await guest.agent.get('/api/rooms/replays?episode=x');
      expect([badEpisode.status, badEpisode.body.message]).toEqual([400, WATCH_MESSAGES.episodeNotFound]);
    });
  });
});
