import {
  COMMENT_MESSAGES as M,
  MESSAGES,
  commentRooms,
  REALTIME_MESSAGES,
  rooms,
  type ClientToServerEvents,
  type CommentView,
  type ServerToClientEvents,
} from '@seyirlik/shared-contracts';
import type { Socket } from 'socket.io-client';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { CatalogImportService } from '../../src/catalog/import/catalog-import.service';
import type { CommentCreatedEvent, CommentLikedEvent, CommentRepliedEvent } from '../../src/comments/comment-events';
import { DomainEvents } from '../../src/platform/events/domain-events';
import { RealtimeService } from '../../src/platform/realtime/realtime.service';
import { buildCatalogFile, buildEpisode, buildFilm, buildSeries } from '../factories/catalog';
import { refusedComment } from '../factories/comments';
import { registerMember, visitorAgent } from '../factories/members';
import { connectSocket } from '../harness/room-client';
import { startTestApp, type TestApp } from '../support/test-app';

type Agent = Awaited<ReturnType<typeof registerMember>>['agent'];
type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

describe('comments', () => {
  let sut: TestApp;
  let db: DataSource;
  const series = buildSeries({
    seasons: [{ number: 1, episodes: [buildEpisode(1), buildEpisode(2), buildEpisode(3, { airAt: '2099-01-01T20:00:00Z' })] }],
  });
  const otherSeries = buildSeries();
  const film = buildFilm();
  let seriesId: number;
  let otherSeriesId: number;
  let filmId: number;
  let episodeId: number;
  let secondEpisodeId: number;
  let unairedEpisodeId: number;
  let filmEpisodeId: number;
  let otherEpisodeId: number;
  let author: Agent;
  let other: Agent;
  const sockets: ClientSocket[] = [];

  const refused = (send: () => Promise<request.Response>) => refusedComment(db, send);

  /** A member with a fresh rate-limit allowance, and their id. */
  async function member() {
    const { agent, member: input } = await registerMember(sut.baseUrl);
    const [{ id }] = (await db.query('SELECT id FROM app_user WHERE username = $1', [input.username])) as Array<{ id: number }>;
    return { agent, id, username: input.username };
  }

  const postOnTitle = (agent: Agent, body: Record<string, unknown>, title = series) =>
    agent.post(`/api/titles/${title.kind}/${title.slug}/comments`).send(body);
  const postOnEpisode = (agent: Agent, body: Record<string, unknown>, id = episodeId) => agent.post(`/api/episodes/${id}/comments`).send(body);

  async function connect(): Promise<ClientSocket> {
    const socket = await connectSocket(sut.baseUrl);
    sockets.push(socket);
    return socket;
  }

  /** The next `count` pushes of `event` on `socket`. */
  const nextEvents = <E extends keyof ServerToClientEvents>(socket: ClientSocket, event: E, count = 1) =>
    new Promise<Array<Parameters<ServerToClientEvents[E]>[0]>>((resolveEvents, reject) => {
      const seen: Array<Parameters<ServerToClientEvents[E]>[0]> = [];
      const timer = setTimeout(() => reject(new Error(`no ${event} within 5 s`)), 5000);
      const listener = ((payload: Parameters<ServerToClientEvents[E]>[0]) => {
        seen.push(payload);
        if (seen.length === count) {
          clearTimeout(timer);
          socket.off(event, listener as never);
          resolveEvents(seen);
        }
      }) as never;
      socket.on(event, listener);
    });

  beforeAll(async () => {
    sut = await startTestApp({ TRUST_PROXY: 'true' });
    db = sut.server.app.get(DataSource);
    await sut.server.app.get(CatalogImportService).import(buildCatalogFile([series, otherSeries, film]));
    const titles = (await db.query('SELECT id, slug FROM title')) as Array<{ id: number; slug: string }>;
    const idOf = (slug: string) => titles.find((title) => title.slug === slug)!.id;
    [seriesId, otherSeriesId, filmId] = [idOf(series.slug), idOf(otherSeries.slug), idOf(film.slug)];
    const episodes = (await db.query('SELECT id, title_id, number FROM episode ORDER BY id')) as Array<{ id: number; title_id: number; number: number }>;
    const episodeOf = (titleId: number, number: number) => episodes.find((row) => row.title_id === titleId && row.number === number)!.id;
    [episodeId, secondEpisodeId, unairedEpisodeId] = [episodeOf(seriesId, 1), episodeOf(seriesId, 2), episodeOf(seriesId, 3)];
    filmEpisodeId = episodeOf(filmId, 1);
    otherEpisodeId = episodeOf(otherSeriesId, 1);
    ({ agent: author } = await member());
    ({ agent: other } = await member());
  });

  afterAll(async () => {
    sockets.forEach((socket) => socket.disconnect());
    await sut.close();
  });

  describe('JSON API', () => {
    it.each([
      ['post', (): string => `/api/titles/dizi/${series.slug}/comments`],
      ['post', (): string => `/api/episodes/${episodeId}/comments`],
      ['post', (): string => '/api/comments/1/like'],
      ['delete', (): string => '/api/comments/1'],
      ['post', (): string => '/api/comments/1/reports'],
    ] as const)('requires authentication: %s %s answers a visitor 401 and changes nothing', async (method, path) => {
      const response = await refused(() => visitorAgent(sut.baseUrl)[method](path()).send({ text: 'merhaba', reason: 'spam' }));
      expect(response.status).toBe(401);
      expect(response.body).toEqual({ statusCode: 401, message: MESSAGES.loginRequired });
    });

    it('writes a comment on a title with its emoji as short codes, and lists it newest first to a visitor', async () => {
      const { agent } = await member();
      const first = await postOnTitle(agent, { text: 'İlk yorum 😂', spoiler: false });
      const second = await postOnTitle(agent, { text: 'Çok iyi ❤️ :fire:', spoiler: true });

      expect(first.status).toBe(201);
      expect(second.body).toMatchObject({ parentId: null, titleId: seriesId, episode: null, text: 'Çok iyi :heart: :fire:', spoiler: true, likeCount: 0, deleted: false });
      expect(second.body.author).toMatchObject({ profileName: expect.any(String), avatarUrl: null });
      const stored = (await db.query('SELECT text, spoiler FROM comment WHERE id = $1', [first.body.id])) as Array<{ text: string; spoiler: boolean }>;
      expect(stored).toEqual([{ text: 'İlk yorum :joy:', spoiler: false }]);

      const page = await visitorAgent(sut.baseUrl).get(`/api/titles/dizi/${series.slug}/comments`);
      expect(page.status).toBe(200);
      expect(page.body.room).toBe(commentRooms.title(seriesId));
      expect(page.body.target).toEqual({ type: 1, id: seriesId });
      const ids = page.body.threads.map((thread: CommentView) => thread.id);
      expect(ids.indexOf(second.body.id)).toBeLessThan(ids.indexOf(first.body.id));
      expect(page.body.threads.find((thread: CommentView) => thread.id === first.body.id)).toMatchObject({ liked: false, replies: [] });
    });

    it('lists an episode’s comments on its page, and every comment of a title (with its episode) on the title’s page', async () => {
      const { agent } = await member();
      const onEpisode = await postOnEpisode(agent, { text: 'Bölüm sonu şok edici' }, secondEpisodeId);
      const onTitle = await postOnTitle(agent, { text: 'Dizinin geneli güzel' });

      expect(onEpisode.status).toBe(201);
      expect(onEpisode.body.episode).toEqual({ id: secondEpisodeId, season: 1, number: 2, path: `/dizi/${series.slug}/1-sezon/2-bolum` });
      const episodePage = await visitorAgent(sut.baseUrl).get(`/api/episodes/${secondEpisodeId}/comments`);
      expect(episodePage.body.room).toBe(commentRooms.episode(secondEpisodeId));
      expect(episodePage.body.target).toEqual({ type: 2, id: secondEpisodeId });
      expect(episodePage.body.threads.map((thread: CommentView) => thread.id)).toEqual([onEpisode.body.id]);
      expect(episodePage.body.total).toBe(1);
      const titleIds = (await visitorAgent(sut.baseUrl).get(`/api/titles/dizi/${series.slug}/comments`)).body.threads.map((thread: CommentView) => thread.id);
      expect(titleIds).toEqual(expect.arrayContaining([onEpisode.body.id, onTitle.body.id]));
    });

    it('writes a film’s comments to the film, type 3, and refuses its episode as a target', async () => {
      const { agent } = await member();
      const comment = await postOnTitle(agent, { text: 'Finali tahmin edilemezdi' }, film);
      expect(comment.body).toMatchObject({ titleId: filmId, episode: null });
      expect((await visitorAgent(sut.baseUrl).get(`/api/titles/film/${film.slug}/comments`)).body.target).toEqual({ type: 3, id: filmId });

      const response = await refused(() => postOnEpisode(agent, { text: 'Bölüm olarak' }, filmEpisodeId));
      expect(response.status).toBe(404);
      expect(response.body.message).toBe(M.targetNotFound);
    });

    it.each([
      ['an episode not aired yet', (): string => `/api/episodes/${unairedEpisodeId}/comments`, 404, M.targetNotFound],
      ['an unknown episode', (): string => '/api/episodes/99999999/comments', 404, M.targetNotFound],
      ['an episode id that is not a number', (): string => '/api/episodes/abc/comments', 400, M.targetNotFound],
      ['an unknown title', (): string => '/api/titles/dizi/yok-boyle-dizi/comments', 404, 'Aradığınız içerik bulunamadı.'],
    ])('refuses a comment on %s and changes nothing', async (_case, path, status, message) => {
      const response = await refused(() => author.post(path()).send({ text: 'Deneme' }));
      expect(response.status).toBe(status);
      expect(response.body.message).toBe(message);
    });

    it('accepts 500 characters counted as the counter counts them, emoji as one each', async () => {
      const { agent } = await member();
      const response = await postOnTitle(agent, { text: `${'a'.repeat(498)}😂:fire:` });
      expect(response.status).toBe(201);
      expect(response.body.text).toBe(`${'a'.repeat(498)}:joy::fire:`);
    });

    it.each([
      ['501 characters', `${'a'.repeat(499)}😂🔥`, M.textTooLong],
      ['501 letters', 'ş'.repeat(501), M.textTooLong],
      ['only spaces', '     ', M.textRequired],
      ['only line breaks and invisible spaces', '\n\n\u200B\u00A0\t', M.textRequired],
      ['no text at all', undefined, M.textRequired],
    ])('refuses %s in Turkish and changes nothing', async (_case, text, message) => {
      const response = await refused(() => postOnEpisode(author, { text }));
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ statusCode: 400, message });
    });

    it.each([
      ['a script', '<script>alert("x")</script>'],
      ['an image with a handler', 'Bak <img src=x onerror=alert(1)>'],
      ['a formatting tag', '<b>kalın</b> yorum'],
    ])('refuses %s in a comment, a reply and a legacy comment, and stores nothing', async (_case, text) => {
      const { agent } = await member();
      const head = await postOnTitle(agent, { text: 'Düz metin' });

      const asComment = await refused(() => postOnTitle(agent, { text }));
      const asReply = await refused(() => postOnTitle(agent, { text, parentId: head.body.id }));
      const legacy = await refused(() => agent.post('/add/comment').type('form').send({ type: 1, id: seriesId, comment: text }));

      expect([asComment.status, asComment.body.message]).toEqual([400, M.markupNotAllowed]);
      expect([asReply.status, asReply.body.message]).toEqual([400, M.markupNotAllowed]);
      expect(legacy.body).toMatchObject({ success: false, message: M.markupNotAllowed });
    });

    it('keeps lone markup characters as written, answering them as text for the client to show escaped', async () => {
      const { agent } = await member();
      const text = 'a < b & "c" > d <3';
      const response = await postOnTitle(agent, { text });
      expect(response.body.text).toBe(text);
      expect((await db.query('SELECT text FROM comment WHERE id = $1', [response.body.id]))[0].text).toBe(text);
    });

    it('answers a reply under its thread, and a reply to a reply under the thread’s first comment', async () => {
      const [{ agent }, replier] = await Promise.all([member(), member()]);
      const head = await postOnEpisode(agent, { text: 'Sence katil kim?' });
      const reply = await postOnEpisode(replier.agent, { text: 'Bence bahçıvan', parentId: head.body.id });
      const replyToReply = await postOnEpisode(agent, { text: 'Olabilir', parentId: reply.body.id, spoiler: true });

      expect(reply.status).toBe(201);
      expect(reply.body).toMatchObject({ parentId: head.body.id, episode: { id: episodeId } });
      expect(replyToReply.body.parentId).toBe(head.body.id);
      const thread = (await agent.get(`/api/episodes/${episodeId}/comments`)).body.threads.find((candidate: CommentView) => candidate.id === head.body.id);
      expect(thread.replies.map((candidate: CommentView) => [candidate.id, candidate.spoiler])).toEqual([
        [reply.body.id, false],
        [replyToReply.body.id, true],
      ]);
    });

    it('takes a reply on a title page to a comment written on one of its episodes into that episode', async () => {
      const [{ agent }, replier] = await Promise.all([member(), member()]);
      const head = await postOnEpisode(agent, { text: 'Bölüm yorumu' }, secondEpisodeId);
      const reply = await postOnTitle(replier.agent, { text: 'Dizi sayfasından yanıt', parentId: head.body.id });
      expect(reply.body).toMatchObject({ parentId: head.body.id, titleId: seriesId, episode: { id: secondEpisodeId } });
    });

    it('refuses a reply to a comment of another title, another episode, a missing or a deleted comment', async () => {
      const [{ agent }, { agent: replier }] = await Promise.all([member(), member()]);
      const elsewhere = await postOnTitle(agent, { text: 'Başka dizi' }, otherSeries);
      const onOtherEpisode = await postOnEpisode(agent, { text: 'Başka bölüm' }, otherEpisodeId);
      const deleted = await postOnEpisode(agent, { text: 'Silinecek' });
      await agent.delete(`/api/comments/${deleted.body.id}`);

      for (const [send, status, message] of [
        [() => postOnTitle(replier, { text: 'yanıt', parentId: elsewhere.body.id }), 400, M.parentElsewhere],
        [() => postOnEpisode(replier, { text: 'yanıt', parentId: onOtherEpisode.body.id }), 400, M.parentElsewhere],
        [() => postOnEpisode(replier, { text: 'yanıt', parentId: 99999999 }), 404, M.parentNotFound],
        [() => postOnEpisode(replier, { text: 'yanıt', parentId: deleted.body.id }), 400, M.parentDeleted],
        [() => postOnEpisode(replier, { text: '  ', parentId: onOtherEpisode.body.id }), 400, M.textRequired],
      ] as const) {
        const response = await refused(send);
        expect([response.status, response.body.message]).toEqual([status, message]);
      }
    });

    it('pages newest first and most liked first with the cursor it answers, to the end', async () => {
      const writers = await Promise.all([member(), member()]);
      const ids: number[] = [];
      for (let index = 0; index < 12; index += 1) {
        ids.push((await postOnTitle(writers[index % 2]!.agent, { text: `Yorum ${index}` }, otherSeries)).body.id);
      }
      await other.post(`/api/comments/${ids[3]}/like`);
      await other.post(`/api/comments/${ids[7]}/like`);
      await author.post(`/api/comments/${ids[7]}/like`);

      const path = `/api/titles/dizi/${otherSeries.slug}/comments`;
      const first = (await visitorAgent(sut.baseUrl).get(path)).body;
      expect(first.threads).toHaveLength(10);
      expect(first.total).toBeGreaterThanOrEqual(12);
      const rest = (await visitorAgent(sut.baseUrl).get(path).query({ cursor: first.nextCursor })).body;
      const newest = [...first.threads, ...rest.threads].map((thread: CommentView) => thread.id).filter((id: number) => ids.includes(id));
      expect(newest).toEqual([...ids].reverse());
      expect(rest.nextCursor).toBeNull();

      const liked = (await visitorAgent(sut.baseUrl).get(path).query({ order: 'liked' })).body;
      expect(liked.threads.slice(0, 2).map((thread: CommentView) => [thread.id, thread.likeCount])).toEqual([
        [ids[7], 2],
        [ids[3], 1],
      ]);
      const likedRest = (await visitorAgent(sut.baseUrl).get(path).query({ order: 'liked', cursor: liked.nextCursor })).body;
      const all = [...liked.threads, ...likedRest.threads].map((thread: CommentView) => thread.id);
      expect(new Set(all).size).toBe(all.length);
      expect(ids.every((id) => all.includes(id))).toBe(true);
    });

    it.each([
      [{ order: 'eski' }, M.orderInvalid],
      [{ cursor: "1' OR '1'='1" }, M.cursorInvalid],
      [{ order: 'liked', cursor: '12' }, M.cursorInvalid],
    ])('refuses the list query %p in Turkish', async (query, message) => {
      const response = await visitorAgent(sut.baseUrl).get(`/api/titles/dizi/${series.slug}/comments`).query(query);
      expect(response.status).toBe(400);
      expect(response.body.message).toBe(message);
    });

    it('toggles one like per member: the count goes up by one, then down, and each viewer sees their own like', async () => {
      const { agent } = await member();
      const comment = await postOnTitle(agent, { text: 'Beğenilecek yorum' });

      expect((await other.post(`/api/comments/${comment.body.id}/like`)).body).toEqual({ liked: true, likeCount: 1, likesVersion: 1 });
      expect((await author.post(`/api/comments/${comment.body.id}/like`)).body).toEqual({ liked: true, likeCount: 2, likesVersion: 2 });
      expect((await other.post(`/api/comments/${comment.body.id}/like`)).body).toEqual({ liked: false, likeCount: 1, likesVersion: 3 });
      const seen = (viewer: Agent) =>
        viewer.get(`/api/titles/dizi/${series.slug}/comments`).then((page) => page.body.threads.find((thread: CommentView) => thread.id === comment.body.id));
      expect(await seen(author)).toMatchObject({ liked: true, likeCount: 1, likesVersion: 3 });
      expect(await seen(other)).toMatchObject({ liked: false, likeCount: 1 });
    });

    it('keeps the like count exact under 20 members liking at once, and under 20 toggles of one member', async () => {
      const { agent } = await member();
      const comment = await postOnEpisode(agent, { text: 'Herkes beğensin' });
      const likers = await Promise.all(Array.from({ length: 20 }, () => member()));

      const answers = await Promise.all(likers.map((liker) => liker.agent.post(`/api/comments/${comment.body.id}/like`)));
      expect(answers.map((answer) => answer.body.liked)).toEqual(Array(20).fill(true));
      expect(answers.map((answer) => answer.body.likeCount).sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, index) => index + 1));

      const toggles = await Promise.all(Array.from({ length: 20 }, () => likers[0]!.agent.post(`/api/comments/${comment.body.id}/like`)));
      expect(toggles.filter((toggle) => toggle.body.liked)).toHaveLength(10);
      const [row] = (await db.query(
        'SELECT c.like_count, c.like_version, (SELECT count(*)::int FROM comment_like l WHERE l.comment_id = c.id) AS likes FROM comment c WHERE c.id = $1',
        [comment.body.id],
      )) as Array<{ like_count: number; like_version: number; likes: number }>;
      expect(row).toEqual({ like_count: 20, like_version: 40, likes: 20 });
      const versions = [...answers, ...toggles].map((answer) => answer.body.likesVersion).sort((a, b) => a - b);
      expect(versions).toEqual(Array.from({ length: 40 }, (_, index) => index + 1));
    });

    it('refuses likes on a missing or deleted comment and changes nothing', async () => {
      const { agent } = await member();
      const deleted = await postOnTitle(agent, { text: 'Silinen' });
      await agent.delete(`/api/comments/${deleted.body.id}`);

      for (const id of [99999999, deleted.body.id]) {
        const response = await refused(() => other.post(`/api/comments/${id}/like`));
        expect(response.status).toBe(404);
        expect(response.body.message).toBe(M.commentNotFound);
      }
      expect((await refused(() => other.post('/api/comments/abc/like'))).body.message).toBe(M.commentIdInvalid);
    });

    it('deletes a member’s own comment, refuses another member’s (the comment stays) and a second delete', async () => {
      const { agent } = await member();
      const comment = await postOnTitle(agent, { text: 'Sahibi silebilir' });

      const foreign = await refused(() => other.delete(`/api/comments/${comment.body.id}`));
      expect(foreign.status).toBe(403);
      expect(foreign.body.message).toBe(M.deleteForbidden);
      expect((await db.query('SELECT deleted_at FROM comment WHERE id = $1', [comment.body.id]))[0].deleted_at).toBeNull();

      expect((await agent.delete(`/api/comments/${comment.body.id}`)).status).toBe(204);
      const page = await visitorAgent(sut.baseUrl).get(`/api/titles/dizi/${series.slug}/comments`);
      expect(page.body.threads.map((thread: CommentView) => thread.id)).not.toContain(comment.body.id);
      expect((await agent.delete(`/api/comments/${comment.body.id}`)).status).toBe(404);
    });

    it('leaves a thread readable under "Silinmiş yorum" when its first comment is deleted, until its last reply goes', async () => {
      const { agent } = await member();
      const head = await postOnEpisode(agent, { text: 'İlk' }, secondEpisodeId);
      const reply = await postOnEpisode(other, { text: 'Yanıt kalır', parentId: head.body.id }, secondEpisodeId);
      await agent.delete(`/api/comments/${head.body.id}`);

      const thread = (await visitorAgent(sut.baseUrl).get(`/api/episodes/${secondEpisodeId}/comments`)).body.threads.find(
        (candidate: CommentView) => candidate.id === head.body.id,
      );
      expect(thread).toMatchObject({ deleted: true, author: null, text: '', replies: [{ id: reply.body.id, text: 'Yanıt kalır' }] });
      expect((await db.query('SELECT text FROM comment WHERE id = $1', [head.body.id]))[0].text).toBe('');

      await other.delete(`/api/comments/${reply.body.id}`);
      const after = (await visitorAgent(sut.baseUrl).get(`/api/episodes/${secondEpisodeId}/comments`)).body.threads;
      expect(after.map((candidate: CommentView) => candidate.id)).not.toContain(head.body.id);
    });

    it('stores a report with the reported text, once while it is open', async () => {
      const { agent } = await member();
      const comment = await postOnTitle(agent, { text: 'Sonunda ölüyor :skull:' });
      const hostile = await refused(() => other.post(`/api/comments/${comment.body.id}/reports`).send({ reason: 'other', description: '<b>spoiler</b> <script>x</script>' }));
      expect([hostile.status, hostile.body.message]).toEqual([400, M.markupNotAllowed]);
      const report = await other.post(`/api/comments/${comment.body.id}/reports`).send({ reason: 'other', description: 'Sonu "açık" ediyor & <3' });

      expect(report.status).toBe(201);
      expect(report.body).toEqual({ message: M.reportReceived });
      const rows = await db.query('SELECT reason, description, comment_text, status FROM comment_report WHERE comment_id = $1', [comment.body.id]);
      expect(rows).toEqual([{ reason: 'other', description: 'Sonu "açık" ediyor & <3', comment_text: 'Sonunda ölüyor :skull:', status: 'open' }]);

      const again = await refused(() => other.post(`/api/comments/${comment.body.id}/reports`).send({ reason: 'spoiler' }));
      expect([again.status, again.body.message]).toEqual([409, M.reportDuplicate]);
    });

    it.each([
      ['an unknown reason', { reason: 'kotu' }, 400, M.reasonInvalid],
      ['"other" without a description', { reason: 'other', description: '   ' }, 400, M.descriptionRequired],
      ['a description over 500 characters', { reason: 'spam', description: 'x'.repeat(501) }, 400, M.descriptionTooLong],
    ])('refuses a report with %s and changes nothing', async (_case, body, status, message) => {
      const comment = await postOnTitle((await member()).agent, { text: 'Rapor konusu' });
      const response = await refused(() => other.post(`/api/comments/${comment.body.id}/reports`).send(body));
      expect([response.status, response.body.message]).toEqual([status, message]);
    });

    it('refuses a report on one’s own or a missing comment', async () => {
      const { agent } = await member();
      const comment = await postOnTitle(agent, { text: 'Kendi yorumum' });
      const own = await refused(() => agent.post(`/api/comments/${comment.body.id}/reports`).send({ reason: 'spam' }));
      expect([own.status, own.body.message]).toEqual([400, M.reportOwn]);
      const missing = await refused(() => agent.post('/api/comments/99999999/reports').send({ reason: 'spam' }));
      expect([missing.status, missing.body.message]).toEqual([404, M.commentNotFound]);
    });

    it('limits reports: a member’s 11th report within the hour is refused in Turkish and not stored', async () => {
      const writers = await Promise.all([member(), member()]);
      const ids: number[] = [];
      for (let index = 0; index < 11; index += 1) ids.push((await postOnTitle(writers[index % 2]!.agent, { text: `Bildirilecek ${index}` })).body.id);
      const { agent } = await member();

      for (const id of ids.slice(0, 10)) expect((await agent.post(`/api/comments/${id}/reports`).send({ reason: 'spam' })).status).toBe(201);
      const refusal = await refused(() => agent.post(`/api/comments/${ids[10]}/reports`).send({ reason: 'spam' }));

      expect([refusal.status, refusal.body.message]).toEqual([429, MESSAGES.tooManyRequests]);
    });

    it('stops a flood: of 50 comments in a minute the first 10 are written, the rest refused in Turkish', async () => {
      const { agent, id } = await member();
      const statuses: number[] = [];
      let lastRefusal: request.Response | undefined;
      for (let index = 0; index < 50; index += 1) {
        const response = await postOnTitle(agent, { text: `Sel ${index}` });
        statuses.push(response.status);
        if (response.status !== 201) lastRefusal = response;
      }
      expect(statuses.filter((status) => status === 201)).toHaveLength(10);
      expect(statuses.slice(10).every((status) => status === 429)).toBe(true);
      expect(lastRefusal!.body.message).toBe(MESSAGES.tooManyRequests);
      expect((await db.query('SELECT count(*)::int AS n FROM comment WHERE user_id = $1', [id]))[0].n).toBe(10);

      const reply = await refused(() => postOnTitle(agent, { text: 'yanıt da sayılır', parentId: 1 }));
      expect(reply.status).toBe(429);
    });

    it('lists a member’s comments on their profile, newest first, with the page and anchor of each', async () => {
      const { agent, username } = await member();
      const onTitle = await postOnTitle(agent, { text: 'Profil için :tada:', spoiler: true });
      const onEpisode = await postOnEpisode(agent, { text: 'Bölüm için' }, secondEpisodeId);
      const reply = await postOnTitle(agent, { text: 'Yanıt', parentId: onTitle.body.id });
      const gone = await postOnTitle(agent, { text: 'Silinecek' });
      await agent.delete(`/api/comments/${gone.body.id}`);

      const page = await visitorAgent(sut.baseUrl).get(`/api/users/${username.toUpperCase()}/comments`);
      expect(page.status).toBe(200);
      expect(page.body.nextCursor).toBeNull();
      expect(page.body.comments).toEqual([
        expect.objectContaining({ id: reply.body.id, isReply: true, link: `/dizi/${series.slug}#yorum-${reply.body.id}` }),
        expect.objectContaining({
          id: onEpisode.body.id,
          isReply: false,
          episode: { season: 1, number: 2 },
          title: { kind: 'dizi', slug: series.slug, name: series.name },
          link: `/dizi/${series.slug}/1-sezon/2-bolum#yorum-${onEpisode.body.id}`,
        }),
        expect.objectContaining({ id: onTitle.body.id, text: 'Profil için :tada:', spoiler: true, episode: null }),
      ]);
      const unknown = await visitorAgent(sut.baseUrl).get('/api/users/yok_boyle_uye/comments');
      expect([unknown.status, unknown.body.message]).toEqual([404, 'Böyle bir üye bulunamadı.']);
    });
  });

  describe('live pushes and domain events', () => {
    it('lets anyone watch a title’s or an episode’s room, and refuses rooms of nothing', async () => {
      const socket = await connect();
      for (const room of [commentRooms.title(seriesId), commentRooms.title(filmId), commentRooms.episode(episodeId)]) {
        expect(await socket.timeout(2000).emitWithAck('room.join', { room })).toEqual({ ok: true });
      }
      for (const room of [commentRooms.title(99999999), commentRooms.episode(filmEpisodeId), commentRooms.episode(unairedEpisodeId), rooms.content('bolum-1')]) {
        expect(await socket.timeout(2000).emitWithAck('room.join', { room })).toEqual({ ok: false, message: REALTIME_MESSAGES.roomRefused });
      }
    });

    it('pushes a new comment on an episode to the episode’s and the title’s rooms, then a reply, its likes and its deletion', async () => {
      const onEpisode = await connect();
      const onTitle = await connect();
      const elsewhere = await connect();
      await onEpisode.timeout(2000).emitWithAck('room.join', { room: commentRooms.episode(secondEpisodeId) });
      await onTitle.timeout(2000).emitWithAck('room.join', { room: commentRooms.title(seriesId) });
      await elsewhere.timeout(2000).emitWithAck('room.join', { room: commentRooms.episode(episodeId) });
      const strayEvents: string[] = [];
      elsewhere.onAny((event) => strayEvents.push(event));

      const created = Promise.all([nextEvents(onEpisode, 'comment.created'), nextEvents(onTitle, 'comment.created')]);
      const { agent } = await member();
      const comment = await postOnEpisode(agent, { text: 'Canlı :fire:', spoiler: true }, secondEpisodeId);
      const [[toEpisode], [toTitle]] = await created;
      expect(toEpisode).toEqual(comment.body);
      expect(toTitle).toMatchObject({ id: comment.body.id, text: 'Canlı :fire:', spoiler: true, liked: false });

      const replied = Promise.all([nextEvents(onEpisode, 'comment.created'), nextEvents(onTitle, 'comment.created')]);
      const reply = await postOnEpisode(other, { text: 'Canlı yanıt', parentId: comment.body.id }, secondEpisodeId);
      expect(await replied).toEqual([[reply.body], [reply.body]]);
      expect(reply.body.parentId).toBe(comment.body.id);

      const likes = nextEvents(onTitle, 'comment.likesChanged');
      await other.post(`/api/comments/${comment.body.id}/like`);
      expect(await likes).toEqual([{ id: comment.body.id, likeCount: 1, likesVersion: 1 }]);

      const deletion = nextEvents(onEpisode, 'comment.deleted');
      await agent.delete(`/api/comments/${comment.body.id}`);
      expect(await deletion).toEqual([{ id: comment.body.id, parentId: null, hasReplies: true }]);
      // A sentinel pushed to the other room after everything above: what did not come before it never comes.
      const sentinel = nextEvents(elsewhere, 'comment.deleted');
      sut.server.app.get(RealtimeService).toRoom(commentRooms.episode(episodeId), 'comment.deleted', { id: 0, parentId: null, hasReplies: false });
      await sentinel;
      expect(strayEvents).toEqual(['comment.deleted']);
    });

    it('publishes comment.created, comment.replied and comment.liked after the write committed', async () => {
      const events = sut.server.app.get(DomainEvents);
      const seen: Array<[string, unknown, boolean]> = [];
      const committed = async (id: number) => ((await db.query('SELECT 1 FROM comment WHERE id = $1', [id])) as unknown[]).length === 1;
      // Events of earlier tests the relay has not handed on yet reach these consumers too: only this test's members' count.
      const ours = new Set<number>();
      const done = new Promise<void>((resolveDone) => {
        events.subscribe('comment.created', 'test.created', async (event: CommentCreatedEvent) => {
          if (ours.has(event.authorId)) seen.push(['created', event, await committed(event.commentId)]);
        });
        events.subscribe('comment.replied', 'test.replied', async (event: CommentRepliedEvent) => {
          if (ours.has(event.authorId)) seen.push(['replied', event, await committed(event.commentId)]);
        });
        events.subscribe('comment.liked', 'test.liked', async (event: CommentLikedEvent) => {
          if (!ours.has(event.likerId)) return;
          seen.push(['liked', event, await committed(event.commentId)]);
          resolveDone();
        });
      });
      const [{ agent, id: replierId }, { agent: writer, id: authorId }] = await Promise.all([member(), member()]);
      ours.add(replierId).add(authorId);
      const head = await postOnEpisode(writer, { text: 'Olay' });
      const reply = await postOnEpisode(agent, { text: 'Yanıt', parentId: head.body.id });
      await agent.post(`/api/comments/${head.body.id}/like`);
      await done;

      const link = (id: number) => `/dizi/${series.slug}/1-sezon/1-bolum#yorum-${id}`;
      const base = { titleId: seriesId, episodeId };
      expect(seen).toEqual([
        ['created', { ...base, commentId: head.body.id, authorId, link: link(head.body.id) }, true],
        ['replied', { ...base, commentId: reply.body.id, authorId: replierId, parentId: head.body.id, parentAuthorId: authorId, link: link(reply.body.id) }, true],
        ['liked', { ...base, commentId: head.body.id, authorId, likerId: replierId, likeCount: 1, link: link(head.body.id) }, true],
      ]);
    });
  });

  describe('legacy API', () => {
    it.each([
      ['/add/comment', (): Record<string, unknown> => ({ type: 1, id: seriesId, comment: 'x', spoiler: 0 })],
      ['/set/comment/reply', (): Record<string, unknown> => ({ id: 1, message: 'x', episode: episodeId })],
      ['/set/action', (): Record<string, unknown> => ({ type: 1, series_id: seriesId, post_id: 1, action: 'like', status: 0 })],
      ['/comment/delete/post', (): Record<string, unknown> => ({ id: 1 })],
      ['/set/report', (): Record<string, unknown> => ({ id: 1, value: 'spam', desc: '', type: 'comment' })],
    ])('gives a visitor the session flag: %s', async (path, body) => {
      const response = await refused(() => visitorAgent(sut.baseUrl).post(path).type('form').send(body()));
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ success: false, session: true, message: MESSAGES.loginRequired });
    });

    it('/add/comment writes from a form, a multipart or a JSON body and answers the comment’s escaped HTML', async () => {
      const { agent } = await member();
      const form = await agent.post('/add/comment').type('form').send({ type: 2, id: episodeId, comment: 'a<b & "c" 😂', spoiler: 1 });
      expect(form.body).toMatchObject({ success: true, id: expect.any(Number), message: M.commentAdded });
      expect(form.body.data).toContain('a&lt;b &amp; &quot;c&quot; 😂');
      expect(form.body.data).not.toContain('a<b');
      expect(form.body.data).toContain('comment__body--spoiler');
      const multipart = await agent.post('/add/comment').field('type', '3').field('id', String(filmId)).field('comment', 'Film yorumu');
      expect(multipart.body.success).toBe(true);
      const json = await agent.post('/add/comment').send({ type: 1, id: seriesId, comment: 'JSON ile' });
      expect(json.body.success).toBe(true);
      const rows = (await db.query('SELECT title_id, episode_id, text, spoiler FROM comment WHERE id = ANY($1) ORDER BY id', [
        [form.body.id, multipart.body.id, json.body.id],
      ])) as unknown[];
      expect(rows).toEqual([
        { title_id: seriesId, episode_id: episodeId, text: 'a<b & "c" :joy:', spoiler: true },
        { title_id: filmId, episode_id: null, text: 'Film yorumu', spoiler: false },
        { title_id: seriesId, episode_id: null, text: 'JSON ile', spoiler: false },
      ]);
    });

    it.each([
      ['an unknown type', (): Record<string, unknown> => ({ type: 4, id: seriesId, comment: 'x' }), M.typeInvalid],
      ['a type that is not a number', (): Record<string, unknown> => ({ type: 'dizi', id: seriesId, comment: 'x' }), M.typeInvalid],
      ['a film as a series', (): Record<string, unknown> => ({ type: 1, id: filmId, comment: 'x' }), M.targetNotFound],
      ['a series as a film', (): Record<string, unknown> => ({ type: 3, id: seriesId, comment: 'x' }), M.targetNotFound],
      ['a title id as an episode', (): Record<string, unknown> => ({ type: 2, id: 99999999, comment: 'x' }), M.targetNotFound],
      ['501 characters', (): Record<string, unknown> => ({ type: 1, id: seriesId, comment: `${'ğ'.repeat(500)}:joy:` }), M.textTooLong],
      ['only spaces', (): Record<string, unknown> => ({ type: 1, id: seriesId, comment: '    ' }), M.textRequired],
      ['a spoiler flag of another kind', (): Record<string, unknown> => ({ type: 1, id: seriesId, comment: 'x', spoiler: 'belki' }), M.spoilerInvalid],
    ])('/add/comment refuses %s in Turkish and changes nothing', async (_case, body, message) => {
      const response = await refused(() => author.post('/add/comment').type('form').send(body()));
      expect(response.body).toEqual({ success: false, error: true, message });
    });

    it('/set/comment/reply answers a comment on the page it names, or on its own page without one', async () => {
      const [{ agent: asker }, { agent: answerer }] = await Promise.all([member(), member()]);
      const head = (await asker.post('/add/comment').type('form').send({ type: 2, id: episodeId, comment: 'Soru' })).body;
      const reply = await answerer.post('/set/comment/reply').type('form').send({ id: head.id, message: 'Cevap <3 & "!"', episode: episodeId });
      expect(reply.body).toMatchObject({ success: true, id: expect.any(Number), message: M.replyAdded });
      expect(reply.body.reply).toContain(`data-parent="${head.id}"`);
      expect(reply.body.reply).toContain('Cevap &lt;3 &amp; &quot;!&quot;');
      const withoutPage = await answerer.post('/set/comment/reply').type('form').send({ id: head.id, message: 'Sayfasız', episode: 0 });
      expect(withoutPage.body.success).toBe(true);

      for (const [body, message] of [
        [{ id: head.id, message: 'x', episode: secondEpisodeId }, M.parentElsewhere],
        [{ id: head.id, message: ' ', episode: episodeId }, M.textRequired],
        [{ message: 'x', episode: episodeId }, M.parentRequired],
        [{ id: 99999999, message: 'x' }, M.parentNotFound],
      ] as const) {
        const response = await refused(() => answerer.post('/set/comment/reply').type('form').send(body));
        expect(response.body).toEqual({ success: false, error: true, message });
      }
    });

    it('/get/more/comment answers pages of escaped HTML and, at the end, the seed’s text', async () => {
      const { agent } = await member();
      const first = (await agent.post('/add/comment').type('form').send({ type: 3, id: filmId, comment: 'x<script & "y"' })).body;
      const page = await visitorAgent(sut.baseUrl).post('/get/more/comment').type('form').send({ type: 3, id: filmId, page: 1 });
      expect(page.body.success).toBe(true);
      expect(page.body.theme).toContain(`id="yorum-${first.id}"`);
      expect(page.body.theme).toContain('x&lt;script &amp; &quot;y&quot;');
      expect(page.body.theme).not.toContain('<script');

      const end = await visitorAgent(sut.baseUrl).post('/get/more/comment').type('form').send({ type: 3, id: filmId, page: 2 });
      expect(end.body).toEqual({ success: false, theme: '', message: 'Listelenecek yorum kalmadı !' });
    });

    it.each([
      [{ type: 9, id: 1, page: 1 }, M.typeInvalid],
      [{ type: 1, id: 99999999, page: 1 }, M.targetNotFound],
      [{ type: 1, id: 1, page: 0 }, 'Sayfa numarası geçersiz.'],
      [{ type: 1, id: 1, page: 'iki' }, 'Sayfa numarası geçersiz.'],
    ])('/get/more/comment refuses %p in Turkish', async (body, message) => {
      const response = await visitorAgent(sut.baseUrl).post('/get/more/comment').type('form').send(body);
      expect(response.body).toEqual({ success: false, error: true, message });
    });

    it('/set/action answers status 1 when it liked and 0 when it took the like back, with the count', async () => {
      const head = (await (await member()).agent.post('/add/comment').type('form').send({ type: 2, id: secondEpisodeId, comment: 'Beğen beni' })).body;
      const like = await other.post('/set/action').type('form').send({ type: 2, series_id: secondEpisodeId, post_id: head.id, action: 'like', status: 0 });
      expect(like.body).toEqual({ success: true, status: 1, action: 'like', count: 1 });
      // On the title's page the same comment is liked with the title's id.
      const unlike = await other.post('/set/action').type('form').send({ type: 1, series_id: seriesId, post_id: head.id, status: 1 });
      expect(unlike.body).toEqual({ success: true, status: 0, action: 'like', count: 0 });

      for (const [body, message] of [
        [{ type: 2, series_id: secondEpisodeId, post_id: 99999999 }, M.commentNotFound],
        [{ type: 2, series_id: episodeId, post_id: head.id }, M.commentNotFound],
        [{ type: 7, series_id: secondEpisodeId, post_id: head.id }, M.typeInvalid],
        [{ type: 2, series_id: secondEpisodeId, post_id: head.id, action: 'dislike' }, M.actionInvalid],
      ] as const) {
        const response = await refused(() => other.post('/set/action').type('form').send(body));
        expect(response.body).toEqual({ success: false, error: true, message });
      }
    });

    it('/comment/delete/post deletes one’s own comment and refuses another member’s, which stays', async () => {
      const { agent } = await member();
      const head = (await agent.post('/add/comment').type('form').send({ type: 1, id: seriesId, comment: 'Benim' })).body;
      const foreign = await refused(() => other.post('/comment/delete/post').type('form').send({ id: head.id }));
      expect(foreign.body).toEqual({ success: false, error: true, message: M.deleteForbidden });
      expect((await agent.post('/comment/delete/post').type('form').send({ id: head.id })).body).toEqual({ success: true, message: M.commentDeleted });
      expect((await db.query('SELECT deleted_at IS NOT NULL AS deleted FROM comment WHERE id = $1', [head.id]))[0].deleted).toBe(true);
    });

    it('/set/report stores the report and refuses unknown types and reasons', async () => {
      const head = (await (await member()).agent.post('/add/comment').type('form').send({ type: 1, id: seriesId, comment: 'Bildirilecek' })).body;
      const report = await other.post('/set/report').type('form').send({ id: head.id, value: 'abuse', desc: 'Hakaret var', type: 'comment' });
      expect(report.body).toEqual({ success: true, message: M.reportReceived });

      for (const [body, message] of [
        [{ id: head.id, value: 'spam', type: 'episode' }, M.reportSubjectInvalid],
        [{ id: head.id, value: 'beğenmedim', type: 'comment' }, M.reasonInvalid],
        [{ id: head.id, value: 'abuse', type: 'comment' }, M.reportDuplicate],
      ] as const) {
        const response = await refused(() => other.post('/set/report').type('form').send(body));
        expect(response.body).toEqual({ success: false, error: true, message });
      }
    });
  });
});
