import { randomBytes } from 'node:crypto';
import type { CatalogImportFile } from '@seyirlik/shared-contracts';

type TitleInput = CatalogImportFile['titles'] extends Array<infer T> | undefined ? T : never;
type EpisodeInput = TitleInput['seasons'][number]['episodes'][number];

/** An episode with one open MP4 source, airing `number` days after 1 May 2025. */
export function buildEpisode(number: number, overrides: Partial<EpisodeInput> = {}): EpisodeInput {
  return {
    number,
    name: `${number}. Bölüm`,
    airAt: new Date(Date.UTC(2025, 4, number, 18)).toISOString(),
    durationSeconds: 2700,
    sources: [{ name: 'Seyirlik', kind: 'mp4', link: '/media/demo/pattern.mp4', tiers: ['360p'], lock: false, download: true }],
    ...overrides,
  };
}

/** A series with a unique slug: one season of three episodes, in the genre `dram`. */
export function buildSeries(overrides: Partial<TitleInput> = {}): TitleInput {
  const slug = `dizi-${randomBytes(3).toString('hex')}`;
  return {
    slug,
    kind: 'dizi',
    name: 'Deneme Dizisi',
    originalName: 'Deneme Dizisi',
    year: 2024,
    imdb: 7.2,
    genres: ['dram'],
    description: 'Bir deneme dizisi.',
    trailers: [{ url: '/media/demo/bars.mp4' }],
    seasons: [{ number: 1, episodes: [buildEpisode(1), buildEpisode(2), buildEpisode(3)] }],
    ...overrides,
  };
}

/** A film with a unique slug: its one season holds its one episode. */
export function buildFilm(overrides: Partial<TitleInput> = {}): TitleInput {
  const slug = `film-${randomBytes(3).toString('hex')}`;
  return {
    slug,
    kind: 'film',
    name: 'Deneme Filmi',
    originalName: 'Test Film',
    year: 2021,
    imdb: 6.5,
    genres: ['dram'],
    description: 'Bir deneme filmi.',
    seasons: [{ number: 1, episodes: [buildEpisode(1, { name: 'Deneme Filmi', durationSeconds: 5400 })] }],
    ...overrides,
  };
}

/** A catalog file around the given titles, with the genre, the channel and the ad they use. */
export function buildCatalogFile(titles: TitleInput[], overrides: Partial<CatalogImportFile> = {}): CatalogImportFile {
  return {
    genres: [{ slug: 'dram', name: 'Dram' }],
    channels: [{ slug: 'atlas-tv', name: 'Atlas TV' }],
    ads: [{ key: 'acilis', link: '/', time: 5, video: '/media/demo/ad-first.mp4', image: '/media/demo/ad-first.jpg' }],
    titles,
    ...overrides,
  };
}
