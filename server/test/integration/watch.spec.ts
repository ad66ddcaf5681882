import { CATALOG_MESSAGES, MESSAGES, WATCH_MESSAGES, WATCH_RULES } from '@seyirlik/shared-contracts';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { CatalogImportService } from '../../src/catalog/import/catalog-import.service';
import { buildCatalogFile, buildEpisode, buildFilm, buildSeries } from '../factories/catalog';
import { registerMember, visitorAgent } from '../factories/members';
import { startTestApp, type TestApp } from '../support/test-app';

type Source = { id: number; name: string; locked: boolean };

describe('watch page', () => {
  let sut: TestApp;
  const lockedSource = { name: 'Üyelere Özel', kind: 'mp4' as const, link: '/media/demo/bars.mp4', tiers: ['720p', '360p'], lock: true, download: true };
  const series = buildSeries({
    name: 'Kızıl <script>alert(1)</script> Vadi',
    seasons: [
      {
        number: 1,
        episodes: [
          buildEpisode(1, {
            name: '<img src=x onerror=alert(1)>',
            sources: [
              { name: 'Seyirlik', kind: 'mp4', link: '/media/demo/pattern.mp4', tiers: ['360p'], lock: false, download: true },
              lockedSource,
              { name: 'Alternatif', kind: 'embed', link: '/embed/demo/bars', tiers: [], lock: false, download: false },
            ],
            groups: [
              {
                hash: 'kizil-yedek',
                name: 'Yedek Kaynaklar',
                sources: [
                  { name: 'Yedek 1', kind: 'hls', link: '/media/demo/bars.m3u8', tiers: ['360p'], lock: false, download: false },
                  { name: 'Yedek Kilitli', kind: 'mp4', link: '/media/demo/fractal.mp4', tiers: ['360p'], lock: true, download: true },
                ],
              },
            ],
          }),
          buildEpisode(2),
        ],
      },
      { number: 2, episodes: [buildEpisode(1), buildEpisode(2, { airAt: '2099-01-01T18:00:00.000Z', groups: [{ hash: 'gelecek-grup', name: 'Gelecek', sources: [{ name: 'G', kind: 'mp4', link: '/media/demo/bars.mp4' }] }] })] },
    ],
  });
  const film = buildFilm();
  const many = buildSeries({ seasons: [{ number: 1, episodes: Array.from({ length: WATCH_RULES.episodePageSize + 3 }, (_, i) => buildEpisode(i + 1)) }] });

  let episode: { sources: Source[]; groups: Array<{ hash: string; sources: Source[] }>; episode: { id: number } };
  const source = (name: string) => [...episode.sources, ...episode.groups.flatMap((group) => group.sources)].find((item) => item.name === name)!;
  let titleId: number;

  beforeAll(async () => {
    sut = await startTestApp();
    await sut.server.app.get(CatalogImportService).import(
      buildCatalogFile([series, film, many], {
        ads: [
          { key: 'acilis', link: '/', time: 5, video: '/media/demo/ad-first.mp4', image: '/media/demo/ad-first.jpg' },
          { key: 'ikinci', link: '/kayit-ol', time: 6, video: '/media/demo/ad-second.mp4' },
        ],
      }),
    );
    episode = (await request(sut.baseUrl).get(`/api/watch/dizi/${series.slug}/1/1`)).body;
    const [{ id }] = (await sut.server.app.get(DataSource).query('SELECT id FROM title WHERE slug = $1', [many.slug])) as Array<{ id: number }>;
    titleId = id;
  });

  afterAll(() => sut.close());

  describe('GET /api/watch', () => {
    it('answers the episode with its sources and groups but never a link, and the ads in order', async () => {
      const response = await request(sut.baseUrl).get(`/api/watch/dizi/${series.slug}/1/1`);

      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({
        title: { slug: series.slug, kind: 'dizi', name: series.name, path: `/dizi/${series.slug}` },
        episode: { number: 1, name: '<img src=x onerror=alert(1)>' },
        season: { number: 1 },
        path: `/dizi/${series.slug}/1-sezon/1-bolum`,
        previous: null,
        next: { season: 1, number: 2, path: `/dizi/${series.slug}/1-sezon/2-bolum` },
        ads: [
          { link: '/', time: 5, video: '/media/demo/ad-first.mp4', image: '/media/demo/ad-first.jpg' },
          { link: '/kayit-ol', time: 6, video: '/media/demo/ad-second.mp4', image: null },
        ],
      });
      expect(response.body.sources).toEqual([
        { id: expect.any(Number), name: 'Seyirlik', kind: 'mp4', tiers: ['360p'], locked: false, downloadable: true },
        { id: expect.any(Number), name: 'Üyelere Özel', kind: 'mp4', tiers: ['720p', '360p'], locked: true, downloadable: true },
        { id: expect.any(Number), name: 'Alternatif', kind: 'embed', tiers: [], locked: false, downloadable: false },
      ]);
      expect(response.body.groups).toEqual([
        { hash: 'kizil-yedek', name: 'Yedek Kaynaklar', sources: [expect.objectContaining({ name: 'Yedek 1' }), expect.objectContaining({ name: 'Yedek Kilitli', locked: true })] },
      ]);
      expect(JSON.stringify(response.body)).not.toContain('/media/demo/bars.mp4');
    });

    it('links the previous and next episodes across seasons, skipping ones not aired yet', async () => {
      const last = await request(sut.baseUrl).get(`/api/watch/dizi/${series.slug}/2/1`);

      expect(last.body.previous).toMatchObject({ season: 1, number: 2, path: `/dizi/${series.slug}/1-sezon/2-bolum` });
      expect(last.body.next).toBeNull();
      expect(last.body.seasons.map((season: { path: string }) => season.path)).toEqual([
        `/dizi/${series.slug}/1-sezon/1-bolum`,
        `/dizi/${series.slug}/2-sezon/1-bolum`,
      ]);
      expect(last.body.episodes.map((item: { number: number }) => item.number)).toEqual([1]);
    });

    it('answers a film at its one episode with the /izle path', async () => {
      const response = await request(sut.baseUrl).get(`/api/watch/film/${film.slug}/1/1`);

      expect(response.status).toBe(200);
      expect(response.body.path).toBe(`/film/${film.slug}/izle`);
      expect(response.body).toMatchObject({ previous: null, next: null });
    });

    it.each([
      ['an episode not aired yet', () => `/api/watch/dizi/${series.slug}/2/2`, WATCH_MESSAGES.episodeNotFound],
      ['an unknown episode', () => `/api/watch/dizi/${series.slug}/1/9`, WATCH_MESSAGES.episodeNotFound],
      ['a number that is not one', () => `/api/watch/dizi/${series.slug}/bir/1`, WATCH_MESSAGES.episodeNotFound],
      ['another kind', () => `/api/watch/anime/${series.slug}/1/1`, CATALOG_MESSAGES.titleNotFound],
      ['an unknown title', () => '/api/watch/dizi/boyle-bir-dizi-yok/1/1', CATALOG_MESSAGES.titleNotFound],
    ])('answers 404 in Turkish for %s', async (_case, path, message) => {
      const response = await request(sut.baseUrl).get(path());

      expect(response.status).toBe(404);
      expect(response.body).toEqual({ statusCode: 404, message });
    });
  });

  describe('GET /api/sources/:id/stream', () => {
    it('requires authentication for a locked source: a visitor gets 401 and no link', async () => {
      const response = await visitorAgent(sut.baseUrl).get(`/api/sources/${source('Üyelere Özel').id}/stream`);

      expect(response.status).toBe(401);
      expect(response.body).toEqual({ statusCode: 401, message: MESSAGES.loginRequired });
    });

    it('gives a member the locked link and its download', async () => {
      const { agent } = await registerMember(sut.baseUrl);
      const response = await agent.get(`/api/sources/${source('Üyelere Özel').id}/stream`);

      expect(response.status).toBe(200);
      expect(response.body).toEqual({ kind: 'mp4', link: '/media/demo/bars.mp4', downloadUrl: '/media/demo/bars.mp4' });
    });

    it('gives anyone an open source; an embed has no download', async () => {
      const open = await visitorAgent(sut.baseUrl).get(`/api/sources/${source('Seyirlik').id}/stream`);
      const embed = await visitorAgent(sut.baseUrl).get(`/api/sources/${source('Alternatif').id}/stream`);
      const grouped = await visitorAgent(sut.baseUrl).get(`/api/sources/${source('Yedek 1').id}/stream`);

      expect(open.body).toEqual({ kind: 'mp4', link: '/media/demo/pattern.mp4', downloadUrl: '/media/demo/pattern.mp4' });
      expect(embed.body).toEqual({ kind: 'embed', link: '/embed/demo/bars', downloadUrl: null });
      expect(grouped.body).toEqual({ kind: 'hls', link: '/media/demo/bars.m3u8', downloadUrl: null });
    });

    it.each([['an unknown id', '999999'], ['a word', 'abc'], ['zero', '0']])('answers 404 in Turkish for %s', async (_case, id) => {
      const response = await request(sut.baseUrl).get(`/api/sources/${id}/stream`);

      expect(response.status).toBe(404);
      expect(response.body).toEqual({ statusCode: 404, message: WATCH_MESSAGES.sourceNotFound });
    });
  });

  describe('legacy get_stream', () => {
    const getStream = (agent: ReturnType<typeof visitorAgent>, vid: number | string, extra: Record<string, unknown> = {}) =>
      agent.post('/ajax/service').type('form').send({ type: 'get_stream', vid, eg_id: '', room: '', ...extra });

    it('requires authentication for a locked source: a visitor gets the session flag', async () => {
      const response = await getStream(visitorAgent(sut.baseUrl), source('Üyelere Özel').id);

      expect(response.status).toBe(200);
      expect(response.body).toEqual({ success: false, session: true, message: MESSAGES.loginRequired });
    });

    it('answers a member the uri and a player fragment', async () => {
      const { agent } = await registerMember(sut.baseUrl);
      const response = await getStream(agent, source('Üyelere Özel').id, { eg_id: episode.episode.id });

      expect(response.body).toMatchObject({ success: true, uri: '/media/demo/bars.mp4' });
      expect(response.body.theme).toMatch(/^<video class="player-video" src="\/media\/demo\/bars.mp4"/);
    });

    it('answers an embed source with an iframe', async () => {
      const response = await getStream(visitorAgent(sut.baseUrl), source('Alternatif').id);

      expect(response.body.theme).toMatch(/^<iframe class="player-embed" src="\/embed\/demo\/bars"/);
    });

    it('refuses an unknown source, or one of another episode, in Turkish', async () => {
      const unknown = await getStream(visitorAgent(sut.baseUrl), 999999);
      const elsewhere = await getStream(visitorAgent(sut.baseUrl), source('Seyirlik').id, { eg_id: episode.episode.id + 1 });

      for (const response of [unknown, elsewhere]) {
        expect(response.status).toBe(404);
        expect(response.body).toEqual({ success: false, error: true, message: WATCH_MESSAGES.sourceNotFound });
      }
    });
  });

  describe('video groups', () => {
    it('videoGet confirms a group and says hash yok for an unknown, malformed or not yet aired one', async () => {
      const known = await request(sut.baseUrl).post('/ajax/service').type('form').send({ type: 'videoGet', hash: 'kizil-yedek' });
      expect(known.body).toEqual({ success: true, hash: 'kizil-yedek', empty: false, error: false });

      for (const hash of ['boyle-bir-grup', 'x', 'gelecek-grup']) {
        const response = await request(sut.baseUrl).post('/ajax/service').type('form').send({ type: 'videoGet', hash });
        expect(response.body).toEqual({ success: false, hash, empty: true, error: true, message: 'hash yok' });
      }
    });

    it('/get/video/group hands a visitor the open links only, marking the locked one', async () => {
      const response = await visitorAgent(sut.baseUrl).post('/get/video/group').type('form').send({ hash: 'kizil-yedek' });

      expect(response.body).toEqual({
        success: true,
        videos: [
          { id: expect.any(Number), name: 'Yedek 1', link: '/media/demo/bars.m3u8', tiers: ['360p'], lock: false, download: false },
          { id: expect.any(Number), name: 'Yedek Kilitli', link: null, tiers: ['360p'], lock: true, download: false },
        ],
      });
    });

    it('/get/video/group hands a member every link', async () => {
      const { agent } = await registerMember(sut.baseUrl);
      const response = await agent.post('/get/video/group').type('form').send({ hash: 'kizil-yedek' });

      expect(response.body.videos[1]).toMatchObject({ name: 'Yedek Kilitli', link: '/media/demo/fractal.mp4', lock: true, download: true });
    });

    it('/get/video/group answers hash yok for an unknown hash', async () => {
      const response = await request(sut.baseUrl).post('/get/video/group').type('form').send({ hash: 'boyle-bir-grup' });

      expect(response.status).toBe(404);
      expect(response.body).toEqual({ success: false, error: true, message: 'hash yok' });
    });
  });

  describe('episode lists', () => {
    it('loadEpisode pages a title’s aired episodes', async () => {
      const first = await request(sut.baseUrl).post('/ajax/service').type('form').send({ type: 'loadEpisode', _t: 'dizi', _t_id: titleId, stable: 1, page: 1 });
      const second = await request(sut.baseUrl).post('/ajax/service').type('form').send({ type: 'loadEpisode', _t: 'dizi', _t_id: titleId, stable: 1, page: 2 });
      const beyond = await request(sut.baseUrl).post('/ajax/service').type('form').send({ type: 'loadEpisode', _t: 'dizi', _t_id: titleId, page: 3 });

      expect(first.body).toMatchObject({ success: true, last: 3 });
      expect(first.body.theme.match(/class="episode-item"/g)).toHaveLength(WATCH_RULES.episodePageSize);
      expect(first.body.theme).toContain(`href="/dizi/${many.slug}/1-sezon/1-bolum"`);
      expect(second.body).toMatchObject({ success: true, last: 0 });
      expect(second.body.theme.match(/class="episode-item"/g)).toHaveLength(3);
      expect(beyond.body).toEqual({ success: false, last: 0, theme: '', message: MESSAGES.noMoreContent });
    });

    it('loadEpisode refuses a bad page in Turkish', async () => {
      const response = await request(sut.baseUrl).post('/ajax/service').type('form').send({ type: 'loadEpisode', _t_id: titleId, page: 'x' });

      expect(response.status).toBe(400);
      expect(response.body).toEqual({ success: false, error: true, message: WATCH_MESSAGES.pageInvalid });
    });

    it('/episode/load lists the newest aired episodes first, escaping every catalog text', async () => {
      const response = await request(sut.baseUrl).post('/episode/load').type('form').send({ page: 1 });

      expect(response.body.success).toBe(true);
      expect(response.body.theme).not.toContain('2-sezon/2-bolum');
      const paths = [...response.body.theme.matchAll(/href="([^"]+)"/g)].map((match: RegExpMatchArray) => match[1]);
      expect(paths[0]).toBe(`/dizi/${many.slug}/1-sezon/${WATCH_RULES.episodePageSize + 3}-bolum`);
    });

    it('escapes a hostile title and episode name in the fragments', async () => {
      const all: string[] = [];
      for (let page = 1; page <= 3; page += 1) {
        all.push((await request(sut.baseUrl).post('/episode/load').type('form').send({ page })).body.theme ?? '');
      }
      const theme = all.join('');

      expect(theme).toContain('Kızıl &lt;script&gt;alert(1)&lt;/script&gt; Vadi');
      expect(theme).toContain('&lt;img src=x onerror=alert(1)&gt;');
      expect(theme).not.toContain('<script>');
      expect(theme).not.toContain('<img src=x');
    });
  });

  describe('embed pages', () => {
    it('serves a demo clip in a small page the site may frame', async () => {
      const response = await request(sut.baseUrl).get('/embed/demo/bars');

      expect(response.status).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expect(response.headers['content-security-policy']).toContain("frame-ancestors 'self'");
      expect(response.text).toMatch(/^<!doctype html>/);
      expect(response.text).toContain('<video src="/media/demo/bars.mp4"');
    });

    it.each(['yok', '..%2Fcatalog', 'Bars'])('answers 404 for %s', async (clip) => {
      expect((await request(sut.baseUrl).get(`/embed/demo/${clip}`)).status).toBe(404);
    });
  });
});
