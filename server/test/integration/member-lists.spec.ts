import { randomBytes } from 'node:crypto';
import { ENGAGEMENT_MESSAGES as M, ENGAGEMENT_RULES, MESSAGES, WATCH_MESSAGES } from '@seyirlik/shared-contracts';
import type request from 'supertest';
import { DataSource } from 'typeorm';
import { CatalogImportService } from '../../src/catalog/import/catalog-import.service';
import { buildCatalogFile, buildEpisode, buildFilm, buildSeries } from '../factories/catalog';
import { visitorAgent } from '../factories/members';
import { signedInMember, type SignedInMember } from '../factories/rooms';
import { startTestApp, type TestApp } from '../support/test-app';

type Agent = SignedInMember['agent'] | ReturnType<typeof visitorAgent>;

/** getList, addClap and actionData: a member's lists, claps for episodes, reports on video sources. */
describe('member lists, claps and source reports', () => {
  let sut: TestApp;
  let db: DataSource;
  let member: SignedInMember;
  let other: SignedInMember;
  const suffix = randomBytes(3).toString('hex');
  const group = (name: string) => ({ hash: `${name}-${suffix}`, name, sources: [{ name: 'Yedek', kind: 'mp4' as const, link: '/media/demo/bars.mp4' }] });
  const series = buildSeries({
    name: '<script>alert(1)</script> Dizi & Co',
    seasons: [{ number: 1, episodes: [1, 2, 3].map((number) => buildEpisode(number, { groups: [group(`kaynak-${number}`)] })) }],
  });
  const film = buildFilm({ name: 'Sessiz Film' });
  const unaired = buildSeries({
    seasons: [{ number: 1, episodes: [buildEpisode(1, { airAt: new Date(Date.UTC(2999, 0, 1)).toISOString(), groups: [group('gelecek')] })] }],
  });
  let seriesId: number;
  let filmId: number;
  let episodeIds: number[];
  let unairedEpisodeId: number;
  let hash: string;
  let unairedHash: string;

  const service = (agent: Agent, fields: Record<string, string | number>) => agent.post('/ajax/service').type('form').send(fields);

  const snapshot = async () =>
    (
      await db.query(`SELECT (SELECT coalesce(string_agg(episode_id || ':' || user_id, ',' ORDER BY episode_id, user_id), '') FROM episode_clap) AS claps,
                             (SELECT coalesce(string_agg(video_group_id || ':' || user_id || ':' || issue || ':' || player_status, ',' ORDER BY id), '') FROM source_issue_report) AS reports,
                             (SELECT count(*) FROM title_favorite)::int AS favorites,
                             (SELECT count(*) FROM title_follow)::int AS follows,
                             (SELECT count(*) FROM watched_episode)::int AS watched,
                             (SELECT count(*) FROM continue_watching)::int AS continues`)
    )[0] as Record<string, number | string>;

  async function unchanged(send: () => Promise<request.Response>): Promise<request.Response> {
    const before = await snapshot();
    const response = await send();
    expect(await snapshot()).toEqual(before);
    return response;
  }

  const getList = async (who: SignedInMember, t: string, status = '') => {
    const response = await service(who.agent, { type: 'getList', t, status });
    expect(response.body.success).toBe(true);
    return response.body as { data: string; empty: boolean; message?: string };
  };

  beforeAll(async () => {
    sut = await startTestApp({ TRUST_PROXY: 'true' });
    db = sut.server.app.get(DataSource);
    await sut.server.app.get(CatalogImportService).import(buildCatalogFile([series, film, unaired]));
    const titles = (await db.query('SELECT id, slug FROM title WHERE slug = ANY($1)', [[series.slug, film.slug]])) as Array<{ id: number; slug: string }>;
    seriesId = titles.find((title) => title.slug === series.slug)!.id;
    filmId = titles.find((title) => title.slug === film.slug)!.id;
    const episodes = (await db.query(
      'SELECT e.id, g.hash, t.slug FROM episode e JOIN title t ON t.id = e.title_id JOIN video_group g ON g.episode_id = e.id WHERE t.slug = ANY($1) ORDER BY e.number',
      [[series.slug, unaired.slug]],
    )) as Array<{ id: number; hash: string; slug: string }>;
    const seriesEpisodes = episodes.filter((episode) => episode.slug === series.slug);
    episodeIds = seriesEpisodes.map((episode) => episode.id);
    hash = seriesEpisodes[0]!.hash;
    unairedEpisodeId = episodes.find((episode) => episode.slug === unaired.slug)!.id;
    unairedHash = episodes.find((episode) => episode.slug === unaired.slug)!.hash;
    [member, other] = await Promise.all([signedInMember(sut.baseUrl), signedInMember(sut.baseUrl)]);
  });

  afterAll(() => sut.close());

  describe('authentication', () => {
    it('answers a visitor the session flag for every call, changing nothing', async () => {
      const visitor = visitorAgent(sut.baseUrl);
      const calls: Array<Record<string, string | number>> = [
        { type: 'getList', t: 'favorites' },
        { type: 'addClap', clap: episodeIds[0]! },
        { type: 'actionData', issue: 1, status: 0, data: hash },
      ];
      for (const fields of calls) {
        const response = await unchanged(() => service(visitor, fields));
        expect(response.body).toEqual({ success: false, session: true, message: MESSAGES.loginRequired });
      }
    });
  });

  describe('getList', () => {
    it('answers an empty list as empty, with a note', async () => {
      for (const t of ['watched', 'favorites', 'following', 'continue']) {
        expect(await getList(other, t)).toEqual({ success: true, data: `<p class="member-list__empty">${M.listEmpty}</p>`, empty: true, message: M.listEmpty });
      }
    });

    it("lists the member's favourites, follows, watched titles and continue-watching, escaped, newest first, by kind", async () => {
      await service(member.agent, { type: 'addFavorite', data: seriesId, status: 1 });
      await service(member.agent, { type: 'addFavorite', data: filmId, status: 1 });
      await service(member.agent, { type: 'following', data: filmId });
      await member.agent.post('/set/episode/watch').type('form').send({ episode_id: episodeIds[1]!, series_id: seriesId });
      await member.agent.post('/set/continue/watch').type('form').send({ content_id: seriesId, season: 1, item: 2, 'continue-watch': 750 });

      const favorites = await getList(member, 'favorites');
      const favoriteFilms = await getList(member, 'favorites', 'film');
      const following = await getList(member, 'following', 'all');
      const followingSeries = await getList(member, 'following', 'dizi');
      const watched = await getList(member, 'watched');
      const resume = await getList(member, 'continue');

      expect(favorites.empty).toBe(false);
      expect(favorites.data.indexOf('Sessiz Film')).toBeLessThan(favorites.data.indexOf('Dizi &amp; Co'));
      expect(favorites.data).toContain('&lt;script&gt;alert(1)&lt;/script&gt; Dizi &amp; Co');
      expect(favorites.data).not.toContain('<script>');
      expect(favoriteFilms.data).toContain('Sessiz Film');
      expect(favoriteFilms.data).not.toContain('Dizi');
      expect(following.data).toContain(`href="/film/${film.slug}"`);
      expect(followingSeries).toMatchObject({ empty: true, message: M.listEmpty });
      expect(watched.data).toContain(`href="/dizi/${series.slug}"`);
      expect(watched.data).not.toContain('Sessiz Film');
      expect(resume.data).toContain(`href="/dizi/${series.slug}/1-sezon/2-bolum"`);
      expect(resume.data).toContain('12. dakikada kaldınız');
      // Another member's lists stay theirs.
      expect((await getList(other, 'favorites')).empty).toBe(true);
    });

    it.each([
      [{ t: 'history' }, M.listInvalid],
      [{}, M.listInvalid],
      [{ t: 'favorites', status: 'dizi2' }, M.filterInvalid],
      [{ t: 'favorites', status: 1 }, M.filterInvalid],
    ])('refuses %p with a Turkish error, changing nothing', async (fields, message) => {
      const response = await unchanged(() => service(member.agent, { type: 'getList', ...fields }));

      expect([response.status, response.body]).toEqual([400, { success: false, error: true, message }]);
    });
  });

  describe('addClap', () => {
    it('counts a clap once per member and answers the count', async () => {
      const first = await service(member.agent, { type: 'addClap', clap: episodeIds[0]! });
      const again = await unchanged(() => service(member.agent, { type: 'addClap', clap: episodeIds[0]! }));
      const second = await service(other.agent, { type: 'addClap', clap: episodeIds[0]! });

      expect(first.body).toEqual({ success: true, status: 1, count: 1, message: M.clapped });
      expect(again.body).toEqual({ success: true, status: 0, count: 1, message: M.alreadyClapped });
      expect(second.body).toEqual({ success: true, status: 1, count: 2, message: M.clapped });
      expect(await db.query('SELECT user_id FROM episode_clap WHERE episode_id = $1 ORDER BY user_id', [episodeIds[0]])).toEqual(
        [{ user_id: member.userId }, { user_id: other.userId }].sort((a, b) => a.user_id - b.user_id),
      );
    });

    it.each([
      [{}, 400, M.clapEpisodeInvalid],
      [{ clap: 'abc' }, 400, M.clapEpisodeInvalid],
      [{ clap: -3 }, 400, M.clapEpisodeInvalid],
      [{ clap: 2_147_483_647 }, 404, WATCH_MESSAGES.episodeNotFound],
    ])('refuses %p with a Turkish error, changing nothing', async (fields, status, message) => {
      const response = await unchanged(() => service(member.agent, { type: 'addClap', ...fields }));

      expect([response.status, response.body]).toEqual([status, { success: false, error: true, message }]);
    });

    it('refuses an episode that has not aired', async () => {
      const response = await unchanged(() => service(member.agent, { type: 'addClap', clap: unairedEpisodeId }));

      expect([response.status, response.body.message]).toEqual([404, WATCH_MESSAGES.episodeNotFound]);
    });
  });

  describe('actionData', () => {
    it('stores a report once per member, source and problem', async () => {
      const report = await service(member.agent, { type: 'actionData', issue: 1, status: 0, data: hash });
      const again = await unchanged(() => service(member.agent, { type: 'actionData', issue: '1', status: '1', data: hash }));
      const otherIssue = await service(member.agent, { type: 'actionData', issue: 5, status: 1, data: hash });

      expect(report.body).toEqual({ success: true, message: M.issueReported });
      expect([again.status, again.body]).toEqual([409, { success: false, error: true, message: M.issueAlreadyReported }]);
      expect(otherIssue.body).toEqual({ success: true, message: M.issueReported });
      expect(await db.query('SELECT issue, player_status FROM source_issue_report WHERE user_id = $1 ORDER BY id', [member.userId])).toEqual([
        { issue: 1, player_status: 0 },
        { issue: 5, player_status: 1 },
      ]);
    });

    it.each([
      [{ status: 0, data: 'x' }, 400, M.issueInvalid],
      [{ issue: 9, status: 0, data: 'x' }, 400, M.issueInvalid],
      [{ issue: 2, data: 'x' }, 400, M.statusInvalid],
      [{ issue: 2, status: 7, data: 'x' }, 400, M.statusInvalid],
      [{ issue: 2, status: 0 }, 400, 'hash yok'],
      [{ issue: 2, status: 0, data: '<script>' }, 400, 'hash yok'],
      [{ issue: 2, status: 0, data: 'bilinmeyen-kaynak' }, 404, 'hash yok'],
    ])('refuses %p with a Turkish error, changing nothing', async (fields, status, message) => {
      const response = await unchanged(() => service(member.agent, { type: 'actionData', ...fields }));

      expect([response.status, response.body]).toEqual([status, { success: false, error: true, message }]);
    });

    it("refuses the source of an episode that has not aired", async () => {
      const response = await unchanged(() => service(member.agent, { type: 'actionData', issue: 1, status: 0, data: unairedHash }));

      expect([response.status, response.body.message]).toEqual([404, 'hash yok']);
    });

    it('limits the reports of one member', async () => {
      const reporter = await signedInMember(sut.baseUrl);
      const hashes = (await db.query('SELECT hash FROM video_group g JOIN episode e ON e.id = g.episode_id WHERE e.id = ANY($1)', [episodeIds])) as Array<{ hash: string }>;
      let accepted = 0;
      for (let sent = 0; sent < ENGAGEMENT_RULES.issueRateLimit.points; sent += 1) {
        const issue = (sent % 5) + 1;
        const response = await service(reporter.agent, { type: 'actionData', issue, status: 0, data: hashes[Math.floor(sent / 5) % hashes.length]!.hash });
        if (response.body.success) accepted += 1;
      }

      const refused = await unchanged(() => service(reporter.agent, { type: 'actionData', issue: 1, status: 1, data: hash }));

      expect(accepted).toBe(Math.min(ENGAGEMENT_RULES.issueRateLimit.points, hashes.length * 5));
      expect([refused.status, refused.body.message]).toEqual([429, MESSAGES.tooManyRequests]);
    });
  });
});
