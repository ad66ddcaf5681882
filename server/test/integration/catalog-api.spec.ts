import { CATALOG_MESSAGES } from '@seyirlik/shared-contracts';
import request from 'supertest';
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

  beforeAll(async () => {
    sut = await startTestApp();
    await sut.server.app.get(CatalogImportService).import(buildCatalogFile([series, film]));
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

    expect(all.body.titles.map((title: { slug: string }) => title.slug).sort()).toEqual([film.slug, series.slug].sort());
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
