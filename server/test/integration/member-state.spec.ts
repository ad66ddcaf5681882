import { MEMBER_STATE_MESSAGES, MESSAGES } from '@seyirlik/shared-contracts';
import { DataSource } from 'typeorm';
import { CatalogImportService } from '../../src/catalog/import/catalog-import.service';
import { buildCatalogFile, buildEpisode, buildFilm, buildSeries } from '../factories/catalog';
import { registerMember, visitorAgent } from '../factories/members';
import { startTestApp, type TestApp } from '../support/test-app';

type Agent = Awaited<ReturnType<typeof registerMember>>['agent'];

describe('member state', () => {
  let sut: TestApp;
  let db: DataSource;
  const series = buildSeries({
    seasons: [
      { number: 1, episodes: [buildEpisode(1), buildEpisode(2), buildEpisode(3)] },
      { number: 2, episodes: [buildEpisode(1)] },
    ],
  });
  const film = buildFilm();
  let seriesId: number;
  let filmId: number;
  let episodes: Record<string, number>;
  let filmEpisodeId: number;
  let member: Agent;
  let other: Agent;

  const count = async (sql: string, params: unknown[]) => Number(((await db.query(sql, params)) as Array<{ n: string }>)[0].n);

  beforeAll(async () => {
    sut = await startTestApp({ TRUST_PROXY: 'true' });
    db = sut.server.app.get(DataSource);
    await sut.server.app.get(CatalogImportService).import(buildCatalogFile([series, film]));
    const titles = (await db.query('SELECT id, slug FROM title WHERE slug = ANY($1)', [[series.slug, film.slug]])) as Array<{ id: number; slug: string }>;
    seriesId = titles.find((t) => t.slug === series.slug)!.id;
    filmId = titles.find((t) => t.slug === film.slug)!.id;
    const rows = (await db.query(
      'SELECT e.id, e.title_id, s.number AS season, e.number FROM episode e JOIN season s ON s.id = e.season_id WHERE e.title_id = ANY($1)',
      [[seriesId, filmId]],
    )) as Array<{ id: number; title_id: number; season: number; number: number }>;
    episodes = Object.fromEntries(rows.filter((r) => r.title_id === seriesId).map((r) => [`${r.season}-${r.number}`, r.id]));
    filmEpisodeId = rows.find((r) => r.title_id === filmId)!.id;
    member = (await registerMember(sut.baseUrl)).agent;
    other = (await registerMember(sut.baseUrl)).agent;
  });

  afterAll(() => sut.close());

  describe('JSON API', () => {
    it('answers a visitor all false and empty, not 401', async () => {
      const response = await visitorAgent(sut.baseUrl).get(`/api/titles/dizi/${series.slug}/me`);
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ following: false, favorite: false, notify: false, watchedEpisodeIds: [] });
    });

    it('answers 404 for an unknown title', async () => {
      expect((await member.get('/api/titles/dizi/yok-boyle-dizi/me')).status).toBe(404);
      expect((await member.post('/api/titles/anime/' + series.slug + '/follow')).status).toBe(404);
    });

    it.each([
      ['post', (): string => `/api/titles/dizi/${series.slug}/follow`],
      ['post', (): string => `/api/titles/dizi/${series.slug}/favorite`],
      ['post', (): string => `/api/titles/dizi/${series.slug}/notify`],
      ['post', (): string => `/api/episodes/${episodes['1-1']}/watched`],
      ['get', (): string => '/api/continue-watching'],
      ['put', (): string => '/api/continue-watching'],
      ['delete', (): string => '/api/continue-watching/1'],
    ] as const)('refuses a visitor with 401: %s %s', async (method, path) => {
      const response = await visitorAgent(sut.baseUrl)[method](path()).send({ episodeId: episodes['1-1'], positionSeconds: 5 });
      expect(response.status).toBe(401);
      expect(response.body).toEqual({ statusCode: 401, message: MESSAGES.loginRequired });
    });

    it('toggles follow, favourite and notify and answers the new state', async () => {
      const { agent } = await registerMember(sut.baseUrl);
      const follow = await agent.post(`/api/titles/dizi/${series.slug}/follow`);
      expect(follow.status).toBe(200);
      expect(follow.body).toMatchObject({ following: true, favorite: false, notify: false });
      expect((await agent.post(`/api/titles/dizi/${series.slug}/favorite`)).body).toMatchObject({ following: true, favorite: true });
      expect((await agent.post(`/api/titles/dizi/${series.slug}/notify`)).body).toMatchObject({ notify: true });
      expect((await agent.post(`/api/titles/dizi/${series.slug}/follow`)).body).toMatchObject({ following: false, favorite: true, notify: true });
      expect((await agent.get(`/api/titles/dizi/${series.slug}/me`)).body).toEqual({ following: false, favorite: true, notify: true, watchedEpisodeIds: [] });
      // Another member sees nothing of it.
      expect((await other.get(`/api/titles/dizi/${series.slug}/me`)).body).toMatchObject({ favorite: false, notify: false });
    });

    it('ends consistent after 10 concurrent toggles: five answers each way, back where it started', async () => {
      const { agent } = await registerMember(sut.baseUrl);
      const answers = await Promise.all(Array.from({ length: 10 }, () => agent.post(`/api/titles/film/${film.slug}/follow`)));
      expect(answers.every((r) => r.status === 200)).toBe(true);
      expect(answers.filter((r) => r.body.following).length).toBe(5);
      expect((await agent.get(`/api/titles/film/${film.slug}/me`)).body.following).toBe(false);
      const [{ n }] = (await db.query('SELECT count(*) AS n FROM title_follow WHERE title_id = $1', [filmId])) as Array<{ n: string }>;
      expect(Number(n)).toBe(0);
    });

    it('marks one episode watched, answers the season\'s watched ids, sets explicitly and toggles back', async () => {
      const { agent } = await registerMember(sut.baseUrl);
      const first = await agent.post(`/api/episodes/${episodes['1-2']}/watched`).send({});
      expect(first.status).toBe(200);
      expect(first.body).toEqual({ active: true, seasonEpisodeIds: [episodes['1-2']] });
      const explicit = await agent.post(`/api/episodes/${episodes['1-1']}/watched`).send({ watched: true });
      expect(explicit.body.seasonEpisodeIds.sort()).toEqual([episodes['1-1'], episodes['1-2']].sort());
      expect((await agent.post(`/api/episodes/${episodes['1-1']}/watched`).send({ watched: true })).body.active).toBe(true);
      await agent.post(`/api/episodes/${episodes['2-1']}/watched`).send({});
      const me = await agent.get(`/api/titles/dizi/${series.slug}/me`);
      expect(me.body.watchedEpisodeIds.sort()).toEqual([episodes['1-1'], episodes['1-2'], episodes['2-1']].sort());
      const off = await agent.post(`/api/episodes/${episodes['1-2']}/watched`);
      expect(off.body).toEqual({ active: false, seasonEpisodeIds: [episodes['1-1']] });
      expect((await agent.post('/api/episodes/999999999/watched')).status).toBe(404);
    });

    it('watched toggles end consistent under concurrency', async () => {
      const { agent } = await registerMember(sut.baseUrl);
      const answers = await Promise.all(Array.from({ length: 10 }, () => agent.post(`/api/episodes/${episodes['1-3']}/watched`)));
      expect(answers.filter((r) => r.body.active).length).toBe(5);
      expect((await agent.get(`/api/titles/dizi/${series.slug}/me`)).body.watchedEpisodeIds).toEqual([]);
    });

    it('saves positions and lists the newest entry of each title with its card and watch path', async () => {
      const { agent } = await registerMember(sut.baseUrl);
      expect((await agent.put('/api/continue-watching').send({ episodeId: episodes['1-1'], positionSeconds: 30 })).status).toBe(200);
      const saved = await agent.put('/api/continue-watching').send({ episodeId: episodes['1-2'], positionSeconds: 61.7 });
      expect(saved.body.id).toEqual(expect.any(Number));
      await agent.put('/api/continue-watching').send({ episodeId: filmEpisodeId, positionSeconds: 5 });
      const again = await agent.put('/api/continue-watching').send({ episodeId: episodes['1-2'], positionSeconds: 90 });
      expect(again.body.id).toBe(saved.body.id);

      const list = await agent.get('/api/continue-watching');
      expect(list.status).toBe(200);
      expect(list.body.entries).toHaveLength(2);
      expect(list.body.entries[0]).toMatchObject({
        id: saved.body.id,
        title: { slug: series.slug, kind: 'dizi' },
        episode: { id: episodes['1-2'], season: 1, number: 2 },
        watchPath: `/dizi/${series.slug}/1-sezon/2-bolum`,
        positionSeconds: 90,
      });
      expect(list.body.entries[1]).toMatchObject({ title: { slug: film.slug }, watchPath: `/film/${film.slug}/izle`, positionSeconds: 5 });
      expect((await other.get('/api/continue-watching')).body.entries).toEqual([]);
    });

    it("answers a title page the member's newest entry of that title only, and a visitor none", async () => {
      const { agent } = await registerMember(sut.baseUrl);
      const path = `/api/titles/dizi/${series.slug}/continue-watching`;
      expect((await agent.get(path)).body).toEqual({ entry: null });

      await agent.put('/api/continue-watching').send({ episodeId: episodes['1-1'], positionSeconds: 30 });
      const { id } = (await agent.put('/api/continue-watching').send({ episodeId: episodes['2-1'], positionSeconds: 75 })).body;
      await agent.put('/api/continue-watching').send({ episodeId: filmEpisodeId, positionSeconds: 5 });

      const response = await agent.get(path);
      expect(response.status).toBe(200);
      expect(response.body.entry).toMatchObject({
        id,
        title: { slug: series.slug, kind: 'dizi' },
        episode: { id: episodes['2-1'], season: 2, number: 1 },
        watchPath: `/dizi/${series.slug}/2-sezon/1-bolum`,
        positionSeconds: 75,
      });
      expect((await agent.get(`/api/titles/film/${film.slug}/continue-watching`)).body.entry).toMatchObject({ positionSeconds: 5 });
      expect((await other.get(path)).body).toEqual({ entry: null });
      const visitor = await visitorAgent(sut.baseUrl).get(path);
      expect(visitor.status).toBe(200);
      expect(visitor.body).toEqual({ entry: null });
      expect((await agent.get('/api/titles/anime/yok-boyle-anime/continue-watching')).status).toBe(404);

      await agent.delete(`/api/continue-watching/${id}`);
      expect((await agent.get(path)).body.entry).toMatchObject({ episode: { id: episodes['1-1'] }, positionSeconds: 30 });
    });

    it('refuses an invalid position or unknown episode in Turkish', async () => {
      const bad = await member.put('/api/continue-watching').send({ episodeId: episodes['1-1'], positionSeconds: -1 });
      expect(bad.status).toBe(400);
      expect(bad.body.message).toBe(MEMBER_STATE_MESSAGES.positionInvalid);
      expect((await member.put('/api/continue-watching').send({ episodeId: 999999999, positionSeconds: 1 })).status).toBe(404);
    });

    it('deletes only the member\'s own entry: another member\'s id is 404 and nothing changes', async () => {
      const { agent } = await registerMember(sut.baseUrl);
      const { id } = (await agent.put('/api/continue-watching').send({ episodeId: episodes['2-1'], positionSeconds: 12 })).body;
      const foreign = await other.delete(`/api/continue-watching/${id}`);
      expect(foreign.status).toBe(404);
      expect(foreign.body.message).toBe(MEMBER_STATE_MESSAGES.continueNotFound);
      expect(await count('SELECT count(*) AS n FROM continue_watching WHERE id = $1', [id])).toBe(1);
      expect((await agent.delete(`/api/continue-watching/${id}`)).status).toBe(204);
      expect(await count('SELECT count(*) AS n FROM continue_watching WHERE id = $1', [id])).toBe(0);
      expect((await agent.delete(`/api/continue-watching/${id}`)).status).toBe(404);
    });
  });

  describe('legacy API', () => {
    it.each([
      ['/ajax/service', (): Record<string, unknown> => ({ type: 'following', data: seriesId })],
      ['/ajax/service', (): Record<string, unknown> => ({ type: 'addFavorite', data: seriesId, status: 1 })],
      ['/set/follow', (): Record<string, unknown> => ({ type: 1, content_id: seriesId })],
      ['/set/episode/watch', (): Record<string, unknown> => ({ episode_id: episodes['1-1'], season: 1, series_id: seriesId })],
      ['/user/letmeknow', (): Record<string, unknown> => ({ id: seriesId, type: 0 })],
      ['/set/continue/watch', (): Record<string, unknown> => ({ content_id: seriesId, season: 1, item: 1, 'continue-watch': 10 })],
      ['/delete/continue/watch', (): Record<string, unknown> => ({ id: 1 })],
    ])('gives a visitor the session flag: %s', async (path, body) => {
      const response = await visitorAgent(sut.baseUrl).post(path).type('form').send(body());
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ success: false, session: true, message: MESSAGES.loginRequired });
    });

    it('following and /set/follow toggle the follow', async () => {
      const { agent } = await registerMember(sut.baseUrl);
      const on = await agent.post('/ajax/service').type('form').send({ type: 'following', data: seriesId });
      expect(on.body).toMatchObject({ success: true, type: 'follow' });
      const off = await agent.post('/set/follow').type('form').send({ type: 1, content_id: seriesId });
      expect(off.body).toEqual({ success: true, _t: 0 });
      expect((await agent.post('/set/follow').type('form').send({ type: 1, content_id: seriesId })).body._t).toBe(1);
      expect((await agent.post('/ajax/service').type('form').send({ type: 'following', data: seriesId })).body.type).toBe('unfollow');
      expect((await agent.post('/set/follow').type('form').send({ content_id: 999999999 })).body).toMatchObject({ success: false, error: true });
    });

    it('addFavorite sets by status or toggles, and letmeknow answers type 1 when notified', async () => {
      const { agent } = await registerMember(sut.baseUrl);
      expect((await agent.post('/ajax/service').type('form').send({ type: 'addFavorite', data: filmId })).body).toMatchObject({ success: true, status: 1 });
      expect((await agent.post('/ajax/service').type('form').send({ type: 'addFavorite', data: filmId, status: 1 })).body.status).toBe(1);
      expect((await agent.post('/ajax/service').type('form').send({ type: 'addFavorite', data: filmId, status: 0 })).body.status).toBe(0);
      const notify = await agent.post('/user/letmeknow').type('form').send({ id: filmId, type: 0 });
      expect(notify.body).toMatchObject({ success: true, type: 1, message: 'Haber verme' });
      expect((await agent.post('/user/letmeknow').type('form').send({ id: filmId, type: 1 })).body).toMatchObject({ type: 0, message: 'Haber ver' });
      expect((await agent.get(`/api/titles/film/${film.slug}/me`)).body).toMatchObject({ favorite: false, notify: false });
    });

    it('/set/episode/watch toggles the episode, accepting series or series_id', async () => {
      const { agent } = await registerMember(sut.baseUrl);
      const on = await agent.post('/set/episode/watch').type('form').send({ episode_id: episodes['1-3'], season: 1, series_id: seriesId });
      expect(on.body).toEqual({ success: true, active: true });
      const off = await agent.post('/set/episode/watch').type('form').send({ episode_id: episodes['1-3'], season: 1, series: seriesId });
      expect(off.body).toEqual({ success: true, active: false });
    });

    it('/set/episode/watch refuses an episode of another title (or season) in Turkish and changes nothing', async () => {
      const { agent } = await registerMember(sut.baseUrl);
      for (const body of [
        { episode_id: filmEpisodeId, season: 1, series_id: seriesId },
        { episode_id: episodes['2-1'], season: 1, series_id: seriesId },
      ]) {
        const response = await agent.post('/set/episode/watch').type('form').send(body);
        expect(response.body).toEqual({ success: false, error: true, message: MEMBER_STATE_MESSAGES.episodeNotInTitle });
      }
      expect((await agent.get(`/api/titles/dizi/${series.slug}/me`)).body.watchedEpisodeIds).toEqual([]);
      expect((await agent.get(`/api/titles/film/${film.slug}/me`)).body.watchedEpisodeIds).toEqual([]);
    });

    it('/set/continue/watch saves by title, season and episode numbers; /delete/continue/watch deletes only one\'s own', async () => {
      const { agent } = await registerMember(sut.baseUrl);
      const saved = await agent.post('/set/continue/watch').type('form').send({ content_id: seriesId, season: 2, item: 1, 'continue-watch': 42 });
      expect(saved.body).toMatchObject({ success: true });
      const [entry] = (await agent.get('/api/continue-watching')).body.entries;
      expect(entry).toMatchObject({ id: saved.body.id, episode: { id: episodes['2-1'] }, positionSeconds: 42 });
      expect((await agent.post('/set/continue/watch').type('form').send({ content_id: seriesId, season: 9, item: 1, 'continue-watch': 1 })).body.success).toBe(false);

      const foreign = await other.post('/delete/continue/watch').type('form').send({ id: entry.id });
      expect(foreign.body).toEqual({ success: false, error: true, message: MEMBER_STATE_MESSAGES.continueNotFound });
      expect(await count('SELECT count(*) AS n FROM continue_watching WHERE id = $1', [entry.id])).toBe(1);
      expect((await agent.post('/delete/continue/watch').type('form').send({ id: entry.id })).body).toEqual({ success: true });
      expect(await count('SELECT count(*) AS n FROM continue_watching WHERE id = $1', [entry.id])).toBe(0);
    });
  });
});
