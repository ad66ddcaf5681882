import { CATALOG_MESSAGES } from '@seyirlik/shared-contracts';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { CatalogImportService } from '../../src/catalog/import/catalog-import.service';
import { buildCatalogFile, buildEpisode, buildFilm, buildSeries } from '../factories/catalog';
import { startTestApp, type TestApp } from '../support/test-app';

describe('catalog JSON API', () => {
  let sut: TestApp;
  const series = buildSeries({
    name: 'Kızıl <b>Vadi</b>',
    channel: 'atlas-tv',
    adult: true,
    releaseAt: '2031-01-01T18:00:00.000Z',
    trailers: [{ url: 'https://example.com/fragman-1' }, { url: 'https://example.com/fragman-2' }],
    seasons: [
      { number: 2, name: 'Final', episodes: [buildEpisode(2), buildEpisode(1)] },
      { number: 1, episodes: [buildEpisode(1)] },
    ],
  });
  const film = buildFilm();
  const complete = buildSeries({
    name: 'Tam "Sayfa" \u{1F3AC}',
    originalName: 'Full Page',
    genres: ['komedi', 'dram'],
    channel: 'atlas-tv',
    description: 'Birinci satır\nİkinci satır',
    trailers: [{ url: 'https://example.com/tam-1' }, { url: 'https://example.com/tam-2' }],
    poster: 'https://example.com/tam-afis.jpg',
    backdrop: 'https://example.com/tam-arka.jpg',
    seasons: [
      { number: 3, episodes: [buildEpisode(2, { name: 'Çift "tırnak" \\ ve \u{1F3AC}', airAt: '2025-07-02T18:00:00.123Z' }), buildEpisode(1)] },
      { number: 1, name: 'İlk Sezon', episodes: [buildEpisode(3), buildEpisode(1, { airAt: '1999-12-31T23:59:59.999+03:00' }), buildEpisode(2)] },
    ],
  });
  const long = buildSeries({
    name: 'Uzun Dizi',
    seasons: Array.from({ length: 6 }, (_, season) => ({
      number: 6 - season,
      episodes: Array.from({ length: 40 }, (_, episode) => buildEpisode(40 - episode, { airAt: new Date(Date.UTC(2020 + season, 0, 40 - episode, 20)).toISOString() })),
    })),
  });

  /** A title written outside the import: no season, genre, channel or trailer. */
  const bare = { slug: 'bos-dizi', name: 'Boş Dizi' };

  beforeAll(async () => {
    sut = await startTestApp();
    await sut.server.app
      .get(CatalogImportService)
      .import(buildCatalogFile([series, film, complete, long], { genres: [{ slug: 'dram', name: 'Dram' }, { slug: 'komedi', name: 'Komedi' }] }));
    await sut.server.app.get(DataSource).query(
      `INSERT INTO title (slug, kind, name, original_name, year, imdb, description, adult, search_text)
       VALUES ($1, 'dizi', $2, $2, 2024, 5.5, '', false, 'bos dizi bos dizi')`,
      [bare.slug, bare.name],
    );
  });

  afterAll(() => sut.close());

  it('answers a title page with its genres, channel, trailers and seasons in order', async () => {
    const response = await request(sut.baseUrl).get(`/api/titles/dizi/${series.slug}`);

    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      slug: series.slug,
      kind: 'dizi',
      name: 'Kızıl <b>Vadi</b>',
      adult: true,
      posterUrl: `/media/posters/${series.slug}.svg`,
      genres: [{ slug: 'dram', name: 'Dram' }],
      channel: { slug: 'atlas-tv', name: 'Atlas TV' },
      releaseAt: '2031-01-01T18:00:00.000Z',
      trailers: [
        { number: 1, url: 'https://example.com/fragman-1' },
        { number: 2, url: 'https://example.com/fragman-2' },
      ],
    });
    expect(response.body.seasons.map((season: { number: number; name: string | null }) => [season.number, season.name])).toEqual([
      [1, null],
      [2, 'Final'],
    ]);
    expect(response.body.seasons[1].episodes.map((episode: { number: number }) => episode.number)).toEqual([1, 2]);
  });

  it('answers a title page as the client reads it, byte for byte', async () => {
    const episodeIds: Array<{ season: number; number: number; id: number }> = await sut.server.app
      .get(DataSource)
      .query('SELECT s.number AS season, e.number, e.id FROM episode e JOIN season s ON s.id = e.season_id JOIN title t ON t.id = e.title_id WHERE t.slug = $1', [
        complete.slug,
      ]);
    const episode = (season: number, number: number, name: string, airAt: string, durationSeconds = 2700) => ({
      id: episodeIds.find((row) => row.season === season && row.number === number)!.id,
      number,
      name,
      airAt,
      durationSeconds,
    });

    const response = await request(sut.baseUrl).get(`/api/titles/dizi/${complete.slug}`);

    expect(response.status).toBe(200);
    expect(response.text).toBe(
      JSON.stringify({
        slug: complete.slug,
        kind: 'dizi',
        name: 'Tam "Sayfa" \u{1F3AC}',
        originalName: 'Full Page',
        year: 2024,
        imdb: 7.2,
        posterUrl: 'https://example.com/tam-afis.jpg',
        adult: false,
        description: 'Birinci satır\nİkinci satır',
        genres: [
          { slug: 'dram', name: 'Dram' },
          { slug: 'komedi', name: 'Komedi' },
        ],
        channel: { slug: 'atlas-tv', name: 'Atlas TV' },
        releaseAt: null,
        backdropUrl: 'https://example.com/tam-arka.jpg',
        trailers: [
          { number: 1, url: 'https://example.com/tam-1' },
          { number: 2, url: 'https://example.com/tam-2' },
        ],
        seasons: [
          {
            number: 1,
            name: 'İlk Sezon',
            episodes: [
              episode(1, 1, '1. Bölüm', '1999-12-31T20:59:59.999Z'),
              episode(1, 2, '2. Bölüm', '2025-05-02T18:00:00.000Z'),
              episode(1, 3, '3. Bölüm', '2025-05-03T18:00:00.000Z'),
            ],
          },
          {
            number: 3,
            name: null,
            episodes: [episode(3, 1, '1. Bölüm', '2025-05-01T18:00:00.000Z'), episode(3, 2, 'Çift "tırnak" \\ ve \u{1F3AC}', '2025-07-02T18:00:00.123Z')],
          },
        ],
      }),
    );
  });

  it('answers every episode of a long series, each season in order', async () => {
    const response = await request(sut.baseUrl).get(`/api/titles/dizi/${long.slug}`);

    const seasons = response.body.seasons as Array<{ number: number; episodes: Array<{ number: number; airAt: string }> }>;
    expect(seasons.map((season) => season.number)).toEqual([1, 2, 3, 4, 5, 6]);
    for (const season of seasons) {
      const imported = long.seasons.find((candidate) => candidate.number === season.number)!;
      expect(season.episodes.map((episode) => [episode.number, episode.airAt])).toEqual(
        [...imported.episodes].reverse().map((episode) => [episode.number, episode.airAt]),
      );
    }
  });

  it('answers a title without seasons, genres, channel or trailers (written outside the import)', async () => {
    const response = await request(sut.baseUrl).get(`/api/titles/dizi/${bare.slug}`);

    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ slug: bare.slug, name: bare.name, genres: [], channel: null, trailers: [], seasons: [] });
  });

  it.each([
    ['a title of another kind', () => `/api/titles/anime/${series.slug}`],
    ['an unknown slug', () => '/api/titles/dizi/boyle-bir-dizi-yok'],
    ['an unknown kind', () => `/api/titles/belgesel/${series.slug}`],
    ['a hostile slug', () => "/api/titles/dizi/x'%20OR%201=1--"],
  ])('answers 404 in Turkish for %s', async (_case, path) => {
    const response = await request(sut.baseUrl).get(path());

    expect(response.status).toBe(404);
    expect(response.body).toEqual({ statusCode: 404, message: CATALOG_MESSAGES.titleNotFound });
  });

  it('lists the newest titles, with the limit clamped', async () => {
    const all = await request(sut.baseUrl).get('/api/titles');
    const one = await request(sut.baseUrl).get('/api/titles?limit=1');
    const silly = await request(sut.baseUrl).get('/api/titles?limit=-5');

    expect(all.body.titles.map((title: { slug: string }) => title.slug).sort()).toEqual([film.slug, series.slug, complete.slug, long.slug, bare.slug].sort());
    expect(one.body.titles).toHaveLength(1);
    expect(silly.body.titles).toHaveLength(1);
    expect(all.body.titles[0]).toEqual({
      slug: expect.any(String),
      kind: expect.stringMatching(/^(dizi|film)$/),
      name: expect.any(String),
      originalName: expect.any(String),
      year: expect.any(Number),
      imdb: expect.any(Number),
      posterUrl: expect.stringMatching(/^\/media\/posters\//),
      adult: expect.any(Boolean),
    });
  });
});
