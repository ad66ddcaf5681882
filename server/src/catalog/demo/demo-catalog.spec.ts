import { checkCatalogImport } from '@seyirlik/shared-contracts';
import { DEMO_COUNTDOWN_MS, readDemoCatalog, shiftDemoDates } from './demo-catalog';

describe('demo catalog', () => {
  const now = new Date('2030-01-10T12:00:00Z');

  it('is a valid import file with 30+ titles of the three kinds, one adult and one countdown', () => {
    const sut = checkCatalogImport(readDemoCatalog(now));

    expect(sut.success).toBe(true);
    if (!sut.success) return;
    const kinds = new Set(sut.data.titles.map((title) => title.kind));
    expect(sut.data.titles.length).toBeGreaterThanOrEqual(30);
    expect(kinds).toEqual(new Set(['dizi', 'anime', 'film']));
    expect(sut.data.titles.filter((title) => title.adult)).toHaveLength(1);
    expect(sut.data.titles.filter((title) => title.releaseAt)).toHaveLength(1);
    expect(sut.data.ads.length).toBeGreaterThanOrEqual(2);
  });

  it('moves every date by one offset so the countdown ends three days after seeding', () => {
    const file = {
      titles: [
        {
          releaseAt: '2025-06-04T18:00:00Z',
          seasons: [{ episodes: [{ airAt: '2025-05-28T18:00:00Z' }, { airAt: '2025-05-21T18:00:00Z' }] }],
        },
      ],
    } as Parameters<typeof shiftDemoDates>[0];

    const sut = shiftDemoDates(file, now);

    const title = sut.titles![0]!;
    expect(Date.parse(title.releaseAt!)).toBe(now.getTime() + DEMO_COUNTDOWN_MS);
    expect(title.seasons[0]!.episodes.map((episode) => episode.airAt)).toEqual(['2030-01-06T12:00:00.000Z', '2029-12-30T12:00:00.000Z']);
  });

  it("keeps a film's release date, in the film's year, while the series move", () => {
    const sut = readDemoCatalog(now);

    const films = sut.titles!.filter((title) => title.kind === 'film');
    expect(films.length).toBeGreaterThan(0);
    for (const film of films) {
      const released = new Date(film.seasons[0]!.episodes[0]!.airAt);
      expect(released.getUTCFullYear()).toBe(film.year);
    }
    const series = sut.titles!.filter((title) => title.kind !== 'film');
    const newest = Math.max(...series.flatMap((title) => title.seasons.flatMap((season) => season.episodes.map((episode) => Date.parse(episode.airAt)))));
    expect(newest).toBeLessThan(now.getTime());
    expect(newest).toBeGreaterThan(now.getTime() - 30 * 24 * 60 * 60 * 1000);
  });
});
