import {
  DISCOVER_MESSAGES,
  HOME_MESSAGES,
  HOME_RULES,
  WATCH_RULES,
  WATCH_MESSAGES,
  encodeDiscoverFilter,
  type ChannelCard,
  type FeaturedTitle,
  type GenreRow,
  type LatestEpisode,
  type TitleCard,
} from '@seyirlik/shared-contracts';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { FEATURED_EPISODE_WINDOW_SQL } from '../../src/catalog/home/home.service';
import { CatalogImportService } from '../../src/catalog/import/catalog-import.service';
import { buildCatalogFile, buildEpisode, buildFilm, buildSeries } from '../factories/catalog';
import { registerMember } from '../factories/members';
import { countCatalog } from '../support/catalog-database';
import { startTestApp, type TestApp } from '../support/test-app';

const airedOn = (iso: string) => ({ airAt: iso });
const base64Url = (text: string) => Buffer.from(text, 'utf8').toString('base64url');

describe('home rows', () => {
  let sut: TestApp;
  // The newest two aired episodes; the third has not aired yet and is never listed.
  const hostile = buildSeries({
    name: 'Kızıl <script>alert(1)</script> Vadi',
    channel: 'cizgi-tv',
    adult: true,
    seasons: [
      {
        number: 2,
        episodes: [
          buildEpisode(1, { name: '<img src=x onerror=alert(1)>', ...airedOn('2025-06-01T18:00:00.000Z') }),
          buildEpisode(2, airedOn('2025-06-02T18:00:00.000Z')),
          buildEpisode(3, airedOn('2099-01-01T18:00:00.000Z')),
        ],
      },
    ],
  });
  // Twenty episodes aired on 1 to 20 May 2025.
  const long = buildSeries({
    name: 'Uzun Dizi',
    channel: 'ceviz-tv',
    seasons: [{ number: 1, episodes: Array.from({ length: 20 }, (_, index) => buildEpisode(index + 1)) }],
  });
  // Thirteen films from 2010 to 2022, aired in April 2025, before every episode above.
  const films = Array.from({ length: 13 }, (_, index) =>
    buildFilm({
      name: `Film ${index}`,
      year: 2010 + index,
      channel: index % 2 === 0 ? 'zebra' : 'inci-tv',
      seasons: [{ number: 1, episodes: [buildEpisode(1, { name: `Film ${index}`, ...airedOn(`2025-04-${String(index + 1).padStart(2, '0')}T18:00:00.000Z`) })] }],
    }),
  );
  const anime = buildSeries({ kind: 'anime', name: 'Işık Çocukları', channel: 'isik', seasons: [{ number: 1, episodes: [buildEpisode(1, airedOn('2025-03-01T18:00:00.000Z'))] }] });
  const airedCount = 2 + 20 + 13 + 1;

  beforeAll(async () => {
    sut = await startTestApp();
    await sut.server.app.get(CatalogImportService).import(
      buildCatalogFile([hostile, long, ...films, anime], {
        channels: [
          { slug: 'zebra', name: 'Zebra' },
          { slug: 'cizgi-tv', name: 'Çizgi TV' },
          { slug: 'inci-tv', name: 'İnci TV' },
          { slug: 'ceviz-tv', name: 'Ceviz TV' },
          { slug: 'isik', name: 'Işık' },
          { slug: 'bos-kanal', name: 'Boş Kanal' },
        ],
      }),
    );
  });

  afterAll(() => sut.close());

  const counts = () => countCatalog(sut.server.app.get(DataSource));
  const latest = (page?: string | number) =>
    request(sut.baseUrl)
      .get('/api/episodes/latest')
      .query(page === undefined ? {} : { page });
  const widget = (fields: Record<string, unknown>) => request(sut.baseUrl).post('/widget/episode/load').type('form').send(fields);

  describe('GET /api/home', () => {
    it('answers the first page of the newest aired episodes, newest first', async () => {
      const response = await request(sut.baseUrl).get('/api/home');

      expect(response.status).toBe(200);
      const { episodes, page, hasMore } = response.body.latestEpisodes;
      expect({ page, hasMore }).toEqual({ page: 1, hasMore: true });
      expect(episodes).toHaveLength(WATCH_RULES.episodePageSize);
      expect(episodes[0]).toEqual<LatestEpisode>({
        path: `/dizi/${hostile.slug}/2-sezon/2-bolum`,
        titleName: 'Kızıl <script>alert(1)</script> Vadi',
        titleKind: 'dizi',
        posterUrl: `/media/posters/${hostile.slug}.svg`,
        adult: true,
        season: 2,
        number: 2,
        name: '2. Bölüm',
        airAt: '2025-06-02T18:00:00.000Z',
      });
      expect(episodes[1]).toMatchObject({ number: 1, name: '<img src=x onerror=alert(1)>' });
      expect(episodes.slice(2).map((episode: LatestEpisode) => episode.path)).toEqual(
        Array.from({ length: 10 }, (_, index) => `/dizi/${long.slug}/1-sezon/${20 - index}-bolum`),
      );
    });

    it('lists the channels that have titles, in Turkish alphabetical order', async () => {
      const response = await request(sut.baseUrl).get('/api/home');

      expect(response.body.channels).toEqual<ChannelCard[]>([
        { slug: 'ceviz-tv', name: 'Ceviz TV' },
        { slug: 'cizgi-tv', name: 'Çizgi TV' },
        { slug: 'isik', name: 'Işık' },
        { slug: 'inci-tv', name: 'İnci TV' },
        { slug: 'zebra', name: 'Zebra' },
      ]);
    });

    it('lists the newest films by release year, and only films', async () => {
      const response = await request(sut.baseUrl).get('/api/home');

      const newest: TitleCard[] = response.body.newestFilms;
      expect(newest).toHaveLength(HOME_RULES.newestFilmsCount);
      expect(newest.map((film) => film.year)).toEqual(Array.from({ length: 12 }, (_, index) => 2022 - index));
      expect(newest[0]).toEqual<TitleCard>({
        slug: films[12]!.slug,
        kind: 'film',
        name: 'Film 12',
        originalName: 'Test Film',
        year: 2022,
        imdb: 6.5,
        posterUrl: `/media/posters/${films[12]!.slug}.svg`,
        adult: false,
      });
    });
  });

  describe('GET /api/episodes/latest', () => {
    it('pages through every aired episode once, and says when the last page came', async () => {
      const pages = [await latest(1), await latest(2), await latest(3)];

      expect(pages.map((page) => [page.body.page, page.body.episodes.length, page.body.hasMore])).toEqual([
        [1, 12, true],
        [2, 12, true],
        [3, airedCount - 24, false],
      ]);
      const paths = pages.flatMap((page) => page.body.episodes.map((episode: LatestEpisode) => episode.path));
      expect(new Set(paths).size).toBe(airedCount);
      expect(paths).not.toContain(`/dizi/${hostile.slug}/2-sezon/3-bolum`);
      expect(paths[airedCount - 1]).toBe(`/anime/${anime.slug}/1-sezon/1-bolum`);
      expect(paths).toContain(`/film/${films[0]!.slug}/izle`);
    });

    it('answers the first page without a page, and an empty last page past the end', async () => {
      const first = await latest();
      const beyond = await latest(4);

      expect(first.body).toEqual((await request(sut.baseUrl).get('/api/home')).body.latestEpisodes);
      expect(beyond.status).toBe(200);
      expect(beyond.body).toEqual({ episodes: [], page: 4, hasMore: false });
    });

    it.each([
      ['zero', '0'],
      ['a negative page', '-1'],
      ['text', 'abc'],
      ['a fraction', '1.5'],
      ['a page past the limit', String(WATCH_RULES.maxPage + 1)],
      ['a huge number', '99999999999999999999'],
    ])('refuses %s in Turkish and changes nothing', async (_case, page) => {
      const before = await counts();

      const response = await latest(page);

      expect(response.status).toBe(400);
      expect(response.body).toEqual({ statusCode: 400, message: WATCH_MESSAGES.pageInvalid });
      expect(await counts()).toEqual(before);
    });

    it('refuses a repeated page in Turkish', async () => {
      const response = await request(sut.baseUrl).get('/api/episodes/latest?page=1&page=2');

      expect(response.status).toBe(400);
      expect(response.body.message).toBe(WATCH_MESSAGES.pageInvalid);
    });
  });

  describe('GET /api/channels', () => {
    it('answers the channels that have titles, as the home page lists them', async () => {
      const response = await request(sut.baseUrl).get('/api/channels');

      expect(response.status).toBe(200);
      expect(response.body).toEqual((await request(sut.baseUrl).get('/api/home')).body.channels);
    });
  });

  describe('POST /widget/episode/load (legacy)', () => {
    const itemsOf = (theme: string) => theme.match(/class="episode-item"/g)?.length ?? 0;

    it('answers a page of the latest episodes as an HTML fragment, with last set on the last page', async () => {
      const first = await widget({ widget: 'latest-episodes', page: 1 });
      const last = await widget({ widget: 'latest-episodes', page: 3 });

      expect(first.status).toBe(200);
      expect(first.body).toEqual({ success: true, theme: expect.any(String), last: false });
      expect(itemsOf(first.body.theme)).toBe(WATCH_RULES.episodePageSize);
      expect(first.body.theme).toContain(`href="/dizi/${hostile.slug}/2-sezon/2-bolum"`);
      expect(first.body.theme).toContain(`src="/media/posters/${hostile.slug}.svg"`);
      expect(first.body.theme).toContain('loading="lazy"');
      expect(last.body).toEqual({ success: true, theme: expect.any(String), last: true });
      expect(itemsOf(last.body.theme)).toBe(airedCount - 24);
    });

    it('answers an empty last page past the end', async () => {
      const response = await widget({ widget: 'latest-episodes', page: 4 });

      expect(response.body).toEqual({ success: true, theme: '', last: true });
    });

    it('escapes every catalog text', async () => {
      const { theme } = (await widget({ widget: 'latest-episodes', page: 1 })).body;

      expect(theme).toContain('Kızıl &lt;script&gt;alert(1)&lt;/script&gt; Vadi');
      expect(theme).toContain('&lt;img src=x onerror=alert(1)&gt;');
      expect(theme).not.toContain('<script>');
      expect(theme).not.toContain('<img src=x');
    });

    it('reads JSON and multipart bodies alike, and a missing page as the first', async () => {
      const form = await widget({ widget: 'latest-episodes', page: 2 });
      const json = await request(sut.baseUrl).post('/widget/episode/load').send({ widget: 'latest-episodes', page: 2 });
      const multipart = await request(sut.baseUrl).post('/widget/episode/load').field('widget', 'latest-episodes').field('page', '2');
      const withoutPage = await widget({ widget: 'latest-episodes' });

      expect(json.body).toEqual(form.body);
      expect(multipart.body).toEqual(form.body);
      expect(withoutPage.body).toEqual((await widget({ widget: 'latest-episodes', page: 1 })).body);
    });

    it.each<[string, Record<string, unknown>, string]>([
      ['page zero', { widget: 'latest-episodes', page: 0 }, WATCH_MESSAGES.pageInvalid],
      ['a negative page', { widget: 'latest-episodes', page: -3 }, WATCH_MESSAGES.pageInvalid],
      ['a huge page', { widget: 'latest-episodes', page: '1e400' }, WATCH_MESSAGES.pageInvalid],
      ['a page past the limit', { widget: 'latest-episodes', page: WATCH_RULES.maxPage + 1 }, WATCH_MESSAGES.pageInvalid],
      ['a non-numeric page', { widget: 'latest-episodes', page: 'ikinci' }, WATCH_MESSAGES.pageInvalid],
      ['a page list', { widget: 'latest-episodes', page: ['1', '2'] }, WATCH_MESSAGES.pageInvalid],
      ['an unknown widget', { widget: 'son-yorumlar', page: 1 }, HOME_MESSAGES.widgetInvalid],
      ['no widget', { page: 1 }, HOME_MESSAGES.widgetInvalid],
      ['a widget list', { widget: ['latest-episodes'], page: 1 }, HOME_MESSAGES.widgetInvalid],
      ['a hostile widget', { widget: "latest-episodes' OR '1'='1", page: 1 }, HOME_MESSAGES.widgetInvalid],
    ])('refuses %s in Turkish and changes nothing', async (_case, fields, message) => {
      const before = await counts();

      // As JSON, so that lists and numbers arrive as such.
      const response = await request(sut.baseUrl).post('/widget/episode/load').send(fields);

      expect(response.status).toBe(400);
      expect(response.body).toEqual({ success: false, error: true, message });
      expect(await counts()).toEqual(before);
    });
  });

  describe('discover by channel', () => {
    const discover = (filter: string) => request(sut.baseUrl).get('/api/discover').query({ filter });
    const slugsOf = (titles: TitleCard[]) => titles.map((title) => title.slug).sort();

    it('lists the titles of one channel', async () => {
      const encoded = encodeDiscoverFilter({ channel: 'inci-tv' });
      const response = await discover(encoded);

      expect(response.status).toBe(200);
      expect(response.body.filter).toBe(encoded);
      expect(response.body.message).toBeUndefined();
      expect(slugsOf(response.body.titles)).toEqual(films.filter((_, index) => index % 2 === 1).map((film) => film.slug).sort());
    });

    it('combines the channel with the other filters', async () => {
      const response = await discover(encodeDiscoverFilter({ channel: 'zebra', year: { from: 2020 } }));

      expect(slugsOf(response.body.titles)).toEqual([films[10]!.slug, films[12]!.slug].sort());
    });

    it('lists nothing for a channel without titles or an unknown one', async () => {
      const empty = await discover(encodeDiscoverFilter({ channel: 'bos-kanal' }));
      const unknown = await discover(encodeDiscoverFilter({ channel: 'boyle-bir-kanal-yok' }));

      expect(empty.body).toMatchObject({ titles: [], hasMore: false });
      expect(unknown.body).toMatchObject({ titles: [], hasMore: false });
      expect(unknown.body.message).toBeUndefined();
    });

    it.each([
      ['an injection attempt', `{"channel":"zebra' OR '1'='1"}`],
      ['a path', '{"channel":"../../etc/passwd"}'],
      ['capital letters', '{"channel":"Zebra"}'],
      ['a number', '{"channel":7}'],
      ['a list', '{"channel":["zebra"]}'],
      ['a very long slug', JSON.stringify({ channel: 'a'.repeat(101) })],
    ])('shows the unfiltered list with a Turkish message for %s, changing nothing', async (_case, json) => {
      const before = await counts();

      const response = await discover(base64Url(json));

      expect(response.status).toBe(200);
      expect(response.body.message).toBe(`${DISCOVER_MESSAGES.channelInvalid} ${DISCOVER_MESSAGES.showingUnfiltered}`);
      expect(response.body.filter).toBe('W10=');
      expect(response.body.titles).toHaveLength(16);
      expect(await counts()).toEqual(before);
    });
  });
});

describe('home rows: the featured slider, "Popüler" and the genre rows', () => {
  let sut: TestApp;
  let db: DataSource;
  // Newest aired first: Kuzey (2 June), then the adult Gece (1 June), Güney (30 May), the film (28 May), Doğu (20 May).
  const kuzey = buildSeries({
    name: 'Kuzey Rüzgârı',
    imdb: 6.1,
    genres: ['dram', 'gizem', 'aile'],
    seasons: [
      { number: 1, episodes: [buildEpisode(1, airedOn('2025-05-26T18:00:00.000Z'))] },
      { number: 2, episodes: [buildEpisode(1, airedOn('2025-06-02T18:00:00.000Z')), buildEpisode(2, airedOn('2099-01-01T18:00:00.000Z'))] },
    ],
  });
  const gece = buildSeries({ name: 'Gece Yarısı', adult: true, imdb: 9.9, seasons: [{ number: 1, episodes: [buildEpisode(1, airedOn('2025-06-01T18:00:00.000Z'))] }] });
  const guney = buildSeries({
    kind: 'anime',
    name: 'Güney Işığı',
    imdb: 8.8,
    genres: ['gizem'],
    backdrop: '/media/demo/guney-backdrop.jpg',
    seasons: [{ number: 1, episodes: [buildEpisode(1, airedOn('2025-05-29T18:00:00.000Z')), buildEpisode(2, airedOn('2025-05-30T18:00:00.000Z'))] }],
  });
  const film = buildFilm({ name: 'Batı Yolu', imdb: 7.7, genres: ['gizem', 'dram'], seasons: [{ number: 1, episodes: [buildEpisode(1, { name: 'Batı Yolu', ...airedOn('2025-05-28T18:00:00.000Z') })] }] });
  const dogu = buildSeries({ name: 'Doğu Kapısı', imdb: 5.0, seasons: [{ number: 1, episodes: [buildEpisode(1, airedOn('2025-05-20T18:00:00.000Z'))] }] });
  // Best rated first: Gece 9.9, Güney 8.8, the film 7.7, Kuzey 6.1, Doğu 5.0.
  const byRating = [gece, guney, film, kuzey, dogu];

  beforeAll(async () => {
    sut = await startTestApp({ READ_CACHE_SECONDS: '0', TRUST_PROXY: 'true' });
    db = sut.server.app.get(DataSource);
    await sut.server.app.get(CatalogImportService).import(
      buildCatalogFile([kuzey, gece, guney, film, dogu], {
        genres: [
          { slug: 'dram', name: 'Dram' },
          { slug: 'gizem', name: 'Gizem' },
          { slug: 'aile', name: 'Aile' },
          { slug: 'korku', name: 'Korku' },
        ],
      }),
    );
  });

  afterAll(() => sut.close());

  const home = async () => (await request(sut.baseUrl).get('/api/home')).body as { featured: FeaturedTitle[]; popular: TitleCard[]; genreRows: GenreRow[] };
  const episodeOf = async (slug: string, season = 1, number = 1): Promise<number> => {
    const [row] = await db.query('SELECT e.id FROM episode e JOIN season s ON s.id = e.season_id JOIN title t ON t.id = e.title_id WHERE t.slug = $1 AND s.number = $2 AND e.number = $3', [slug, season, number]);
    return row.id;
  };

  it('features the titles of the newest aired episodes, each once with its newest episode, adult titles left out', async () => {
    const { featured } = await home();

    expect(featured.map((title) => title.name)).toEqual(['Kuzey Rüzgârı', 'Güney Işığı', 'Batı Yolu', 'Doğu Kapısı']);
    expect(featured[0]).toEqual<FeaturedTitle>({
      slug: kuzey.slug,
      kind: 'dizi',
      name: 'Kuzey Rüzgârı',
      originalName: 'Deneme Dizisi',
      year: 2024,
      imdb: 6.1,
      posterUrl: `/media/posters/${kuzey.slug}.svg`,
      adult: false,
      backdropUrl: `/media/backdrops/${kuzey.slug}.svg`,
      description: 'Bir deneme dizisi.',
      genres: ['Aile', 'Dram', 'Gizem'],
      watchPath: `/dizi/${kuzey.slug}/2-sezon/1-bolum`,
      latestEpisode: { season: 2, number: 1 },
    });
    expect(featured[1]).toMatchObject({ backdropUrl: '/media/demo/guney-backdrop.jpg', watchPath: `/anime/${guney.slug}/1-sezon/2-bolum` });
    expect(featured[2]).toMatchObject({ watchPath: `/film/${film.slug}/izle`, latestEpisode: null });
  });

  it("reads the slider's newest episodes off the air time index alone, fetching no episode row", async () => {
    // Index-only once the visibility map is set, as autovacuum keeps it; scans that could not
    // be index-only are ruled out, so a column the index lacks would show as an Index Scan.
    await db.query('VACUUM episode');
    const plan = await db.transaction(async (manager) => {
      await manager.query('SET LOCAL enable_seqscan = off');
      await manager.query('SET LOCAL enable_bitmapscan = off');
      const rows: Array<{ 'QUERY PLAN': string }> = await manager.query(`EXPLAIN ${FEATURED_EPISODE_WINDOW_SQL}`);
      return rows.map((row) => row['QUERY PLAN']).join('\n');
    });

    expect(plan).toContain('Index Only Scan using episode_air_idx on episode');
  });

  it('draws the backdrop of a title without one, and answers 404 for an unknown title', async () => {
    const drawn = await request(sut.baseUrl).get(`/media/backdrops/${kuzey.slug}.svg`);
    const unknown = await request(sut.baseUrl).get('/media/backdrops/boyle-bir-dizi-yok.svg');

    expect(drawn.status).toBe(200);
    expect(drawn.headers['content-type']).toBe('image/svg+xml; charset=utf-8');
    expect(drawn.headers['content-security-policy']).toBe("default-src 'none'");
    expect(drawn.body.toString()).toContain('viewBox="0 0 1280 720"');
    expect(unknown.status).toBe(404);
  });

  it('lists the genres with the most titles, each with its best rated titles', async () => {
    const { genreRows } = await home();

    expect(genreRows.map((row) => [row.name, row.titles.map((title) => title.name)])).toEqual([
      ['Dram', ['Gece Yarısı', 'Batı Yolu', 'Kuzey Rüzgârı', 'Doğu Kapısı']],
      ['Gizem', ['Güney Işığı', 'Batı Yolu', 'Kuzey Rüzgârı']],
      ['Aile', ['Kuzey Rüzgârı']],
    ]);
    expect(genreRows[0]!.slug).toBe('dram');
  });

  describe("the catalog's rows (genre rows, channels, newest films)", () => {
    const catalogVersion = async () => Number((await db.query('SELECT version FROM home_catalog'))[0].version);
    const genreNames = async () => (await home()).genreRows.map((row) => row.name);

    it('are kept between visits while the catalog is unchanged, and read again once it changes', async () => {
      expect(await genreNames()).toEqual(['Dram', 'Gizem', 'Aile']);
      // A rename that does not move the version on: the rows kept are shown, not read again.
      await db.query('ALTER TABLE genre DISABLE TRIGGER home_catalog_genre_update');
      try {
        await db.query("UPDATE genre SET name = 'Dram (görünmeyen)' WHERE slug = 'dram'");
      } finally {
        await db.query('ALTER TABLE genre ENABLE TRIGGER home_catalog_genre_update');
      }
      expect(await genreNames()).toEqual(['Dram', 'Gizem', 'Aile']);

      await db.query("UPDATE genre SET name = 'Dram Dizileri' WHERE slug = 'dram'");
      expect(await genreNames()).toEqual(['Dram Dizileri', 'Gizem', 'Aile']);

      await db.query("UPDATE genre SET name = 'Dram' WHERE slug = 'dram'");
      expect(await genreNames()).toEqual(['Dram', 'Gizem', 'Aile']);
      const { genreRows } = await home();
      expect(genreRows[0]!.titles.map((title) => title.name)).toEqual(['Gece Yarısı', 'Batı Yolu', 'Kuzey Rüzgârı', 'Doğu Kapısı']);
    });

    it.each([
      ['a title renamed', "UPDATE title SET name = name WHERE slug = 'x'", 1],
      ['a rating changed', 'UPDATE title SET imdb = imdb WHERE false', 1],
      ['a title moved to another channel', 'UPDATE title SET channel_id = channel_id WHERE false', 1],
      ['a title added or removed', 'DELETE FROM title WHERE false', 1],
      ['a title given another genre', 'UPDATE title_genre SET genre_id = genre_id WHERE false', 1],
      ['a genre added', "INSERT INTO genre (slug, name) SELECT 'x', 'X' WHERE false", 1],
      ['a genre renamed', 'UPDATE genre SET name = name WHERE false', 1],
      ['a channel renamed', 'UPDATE channel SET slug = slug WHERE false', 1],
      ['a channel removed', 'DELETE FROM channel WHERE false', 1],
      ["a title's description, which they do not show", 'UPDATE title SET description = description WHERE false', 0],
      ["a genre's title count alone (kept by title_genre's triggers)", 'UPDATE genre SET title_count = title_count WHERE false', 0],
    ])('move on with every statement that writes what they show, whoever writes it: %s', async (_case, statement, moved) => {
      const before = await catalogVersion();

      await db.query(statement);

      expect((await catalogVersion()) - before).toBe(moved);
    });
  });

  describe('"Popüler"', () => {
    it('lists the best rated titles while nobody has watched anything', async () => {
      const { popular } = await home();

      expect(popular.map((title) => title.slug)).toEqual(byRating.map((title) => title.slug));
    });

    it("ranks by the members who watched in the last 30 days, each counted once a title, and fills up with the best rated", async () => {
      const [a, b, c] = await Promise.all([registerMember(sut.baseUrl), registerMember(sut.baseUrl), registerMember(sut.baseUrl)]);
      // Doğu: three members (one by a watched mark and a position, counted once).
      for (const { agent } of [a, b]) expect((await agent.post(`/api/episodes/${await episodeOf(dogu.slug)}/watched`).send({})).status).toBe(200);
      expect((await c.agent.put('/api/continue-watching').send({ episodeId: await episodeOf(dogu.slug), positionSeconds: 40 })).status).toBe(200);
      expect((await a.agent.put('/api/continue-watching').send({ episodeId: await episodeOf(dogu.slug), positionSeconds: 80 })).status).toBe(200);
      // Kuzey: two members, over two seasons.
      await a.agent.post(`/api/episodes/${await episodeOf(kuzey.slug, 1, 1)}/watched`).send({});
      await b.agent.put('/api/continue-watching').send({ episodeId: await episodeOf(kuzey.slug, 2, 1), positionSeconds: 10 });
      // Güney: watched by all three, but 31 days ago: outside the window.
      for (const { agent } of [a, b, c]) await agent.post(`/api/episodes/${await episodeOf(guney.slug)}/watched`).send({});
      await db.query("UPDATE watched_episode SET watched_at = now() - interval '31 days' WHERE episode_id = $1", [await episodeOf(guney.slug)]);

      const { popular } = await home();

      expect(popular.map((title) => title.name)).toEqual(['Doğu Kapısı', 'Kuzey Rüzgârı', 'Gece Yarısı', 'Güney Işığı', 'Batı Yolu']);
    });
  });
});

describe('genre title counts (the genre rows pick the genres with the most titles from them)', () => {
  let sut: TestApp;
  let db: DataSource;
  const genres = [
    { slug: 'dram', name: 'Dram' },
    { slug: 'gizem', name: 'Gizem' },
    { slug: 'aile', name: 'Aile' },
  ];
  const first = buildSeries({ name: 'Birinci Dizi', genres: ['dram', 'gizem'] });
  const second = buildSeries({ name: 'İkinci Dizi', genres: ['dram'] });
  const third = buildSeries({ name: 'Üçüncü Dizi', genres: ['aile', 'dram'] });

  beforeAll(async () => {
    sut = await startTestApp({ READ_CACHE_SECONDS: '0' });
    db = sut.server.app.get(DataSource);
    await sut.server.app.get(CatalogImportService).import(buildCatalogFile([first, second, third], { genres }));
  });

  afterAll(() => sut.close());

  /** Each genre's kept count next to a count of its titles now. */
  const counts = async () =>
    (await db.query(
      `SELECT g.slug, g.title_count AS kept, (SELECT count(*)::int FROM title_genre tg WHERE tg.genre_id = g.id) AS counted
         FROM genre g ORDER BY g.slug`,
    )) as Array<{ slug: string; kept: number; counted: number }>;
  const genreRowNames = async () => ((await request(sut.baseUrl).get('/api/home')).body as { genreRows: GenreRow[] }).genreRows.map((row) => row.name);

  it('counts each genre\'s titles after an import', async () => {
    expect(await counts()).toEqual([
      { slug: 'aile', kept: 1, counted: 1 },
      { slug: 'dram', kept: 3, counted: 3 },
      { slug: 'gizem', kept: 1, counted: 1 },
    ]);
    expect(await genreRowNames()).toEqual(['Dram', 'Gizem', 'Aile']);
  });

  it('follows a new import that changes titles\' genres, a deleted title, a moved row and a TRUNCATE', async () => {
    await sut.server.app.get(CatalogImportService).import(
      buildCatalogFile([{ ...first, genres: ['gizem'] }, { ...second, genres: ['gizem', 'aile'] }, third], { genres }),
    );
    expect(await counts()).toEqual([
      { slug: 'aile', kept: 2, counted: 2 },
      { slug: 'dram', kept: 1, counted: 1 },
      { slug: 'gizem', kept: 2, counted: 2 },
    ]);
    expect(await genreRowNames()).toEqual(['Gizem', 'Aile', 'Dram']);

    await db.query('DELETE FROM title WHERE slug = $1', [third.slug]);
    await db.query(
      `UPDATE title_genre SET genre_id = (SELECT id FROM genre WHERE slug = 'dram')
        WHERE title_id = (SELECT id FROM title WHERE slug = $1) AND genre_id = (SELECT id FROM genre WHERE slug = 'aile')`,
      [second.slug],
    );
    expect(await counts()).toEqual([
      { slug: 'aile', kept: 0, counted: 0 },
      { slug: 'dram', kept: 1, counted: 1 },
      { slug: 'gizem', kept: 2, counted: 2 },
    ]);
    expect(await genreRowNames()).toEqual(['Gizem', 'Dram']);

    await db.query('TRUNCATE title_genre');
    expect((await counts()).map(({ kept }) => kept)).toEqual([0, 0, 0]);
    expect(await genreRowNames()).toEqual([]);
  });
});

describe('genre title ratings (the genre rows read a genre\'s best rated titles off title_genre)', () => {
  let sut: TestApp;
  let db: DataSource;
  const genres = [
    { slug: 'dram', name: 'Dram' },
    { slug: 'gizem', name: 'Gizem' },
  ];
  const low = buildSeries({ name: 'Düşük Puanlı', imdb: 5.1, genres: ['dram'] });
  const middle = buildSeries({ name: 'Orta Puanlı', imdb: 6.4, genres: ['dram', 'gizem'] });
  const high = buildSeries({ name: 'Yüksek Puanlı', imdb: 8.3, genres: ['dram'] });

  beforeAll(async () => {
    sut = await startTestApp({ READ_CACHE_SECONDS: '0' });
    db = sut.server.app.get(DataSource);
    await sut.server.app.get(CatalogImportService).import(buildCatalogFile([low, middle, high], { genres }));
  });

  afterAll(() => sut.close());

  /** Rows whose kept rating is not their title's (none, while the triggers keep them). */
  const staleRows = async () =>
    (await db.query(
      'SELECT count(*)::int AS n FROM title_genre tg JOIN title t ON t.id = tg.title_id WHERE tg.title_imdb IS DISTINCT FROM t.imdb',
    )) as [{ n: number }];
  const dramTitles = async () => {
    const { genreRows } = (await request(sut.baseUrl).get('/api/home')).body as { genreRows: GenreRow[] };
    return genreRows.find((row) => row.slug === 'dram')?.titles.map((title) => title.name);
  };

  it('orders a genre row by rating after an import', async () => {
    expect(await staleRows()).toEqual([{ n: 0 }]);
    expect(await dramTitles()).toEqual(['Yüksek Puanlı', 'Orta Puanlı', 'Düşük Puanlı']);
  });

  it('follows a re-import that changes ratings, a rating changed in place and a row moved to another title', async () => {
    await sut.server.app.get(CatalogImportService).import(buildCatalogFile([{ ...low, imdb: 9.4 }, middle, high], { genres }));
    expect(await staleRows()).toEqual([{ n: 0 }]);
    expect(await dramTitles()).toEqual(['Düşük Puanlı', 'Yüksek Puanlı', 'Orta Puanlı']);

    await db.query('UPDATE title SET imdb = 9.9 WHERE slug = $1', [middle.slug]);
    expect(await staleRows()).toEqual([{ n: 0 }]);
    expect(await dramTitles()).toEqual(['Orta Puanlı', 'Düşük Puanlı', 'Yüksek Puanlı']);

    // The gizem row of "Orta Puanlı" moves to "Yüksek Puanlı" and takes its rating.
    await db.query(
      `UPDATE title_genre SET title_id = (SELECT id FROM title WHERE slug = $1)
        WHERE title_id = (SELECT id FROM title WHERE slug = $2) AND genre_id = (SELECT id FROM genre WHERE slug = 'gizem')`,
      [high.slug, middle.slug],
    );
    expect(await staleRows()).toEqual([{ n: 0 }]);
    const { genreRows } = (await request(sut.baseUrl).get('/api/home')).body as { genreRows: GenreRow[] };
    expect(genreRows.find((row) => row.slug === 'gizem')?.titles.map((title) => [title.name, title.imdb])).toEqual([['Yüksek Puanlı', 8.3]]);
  });
});
