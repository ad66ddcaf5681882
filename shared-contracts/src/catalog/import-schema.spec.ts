import { LIMITS } from '../platform/limits';
import { type CatalogImportFile, checkCatalogImport, formatIssuePath } from './import-schema';
import { CATALOG_MESSAGES as M } from './messages';

/** A valid file with one series (two episodes) and one film; `change` edits a fresh copy. */
/** A catalog file as a test edits it: any shape, valid or not. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type EditableFile = any;

function buildCatalog(change: (file: EditableFile) => void = () => undefined): CatalogImportFile {
  const episode = (number: number) => ({
    number,
    name: `Bölüm ${number}`,
    airAt: `2025-01-0${number}T20:00:00+03:00`,
    durationSeconds: 2700,
    sources: [{ name: 'Seyirlik', kind: 'mp4', link: '/media/demo/pattern.mp4', tiers: ['360p'], download: true }],
  });
  const file = {
    genres: [{ slug: 'dram', name: 'Dram' }],
    channels: [{ slug: 'atlas-tv', name: 'Atlas TV' }],
    ads: [{ key: 'acilis', link: '/', video: '/media/demo/ad-first.mp4' }],
    titles: [
      {
        slug: 'cinaralti-sirlari',
        kind: 'dizi',
        name: 'Çınaraltı Sırları',
        originalName: 'Çınaraltı Sırları',
        year: 2024,
        imdb: 7.4,
        genres: ['dram'],
        channel: 'atlas-tv',
        description: 'Bir kasabanın sırları.',
        seasons: [{ number: 1, episodes: [episode(1), episode(2)] }],
      },
      {
        slug: 'buzdan-kopru',
        kind: 'film',
        name: 'Buzdan Köprü',
        originalName: 'Buzdan Köprü',
        year: 2021,
        imdb: 6,
        description: 'Bir kış hikâyesi.',
        seasons: [{ number: 1, episodes: [episode(1)] }],
      },
    ],
  };
  change(file);
  return file as CatalogImportFile;
}

function errorsOf(file: unknown): string[] {
  const sut = checkCatalogImport(file);
  if (sut.success) throw new Error('the file was accepted');
  return sut.errors;
}

describe('catalog import file', () => {
  it('accepts a valid file and applies the defaults', () => {
    const sut = checkCatalogImport(buildCatalog());

    expect(sut.success).toBe(true);
    if (!sut.success) return;
    const [series, film] = sut.data.titles;
    expect(series!.adult).toBe(false);
    expect(series!.trailers).toEqual([]);
    expect(film!.genres).toEqual([]);
    expect(sut.data.ads[0]!.time).toBe(LIMITS.adSkipAfterSeconds);
    expect(series!.seasons[0]!.episodes[0]!.sources[0]).toEqual({
      name: 'Seyirlik',
      kind: 'mp4',
      link: '/media/demo/pattern.mp4',
      tiers: ['360p'],
      lock: false,
      download: true,
    });
  });

  it('names the path and the reason of every problem, in Turkish', () => {
    const errors = errorsOf(
      buildCatalog((file) => {
        file.titles[0].year = 1700;
        file.titles[0].seasons[0].episodes[1].sources[0].link = 'javascript:alert(1)';
        delete file.titles[1].name;
      }),
    );

    expect(errors).toEqual([
      `titles[0].year: ${M.yearOutOfRange}`,
      `titles[0].seasons[0].episodes[1].sources[0].link: ${M.urlInvalid}`,
      `titles[1].name: ${M.required}`,
    ]);
  });

  it.each<[string, (file: EditableFile) => void, string]>([
    ['a slug with capitals', (f) => (f.titles[0].slug = 'Cinar'), `titles[0].slug: ${M.slugInvalid}`],
    ['an ad key ending in a hyphen', (f) => (f.ads[0].key = 'acilis-'), `ads[0].key: ${M.slugInvalid}`],
    ['an unknown kind', (f) => (f.titles[0].kind = 'belgesel'), `titles[0].kind: ${M.titleKindInvalid}`],
    ['an IMDb rating above 10', (f) => (f.titles[0].imdb = 10.5), `titles[0].imdb: ${M.imdbOutOfRange}`],
    ['an IMDb rating with two decimals', (f) => (f.titles[0].imdb = 7.25), `titles[0].imdb: ${M.imdbPrecision}`],
    ['a year as text', (f) => (f.titles[0].year = '2024'), `titles[0].year: ${M.mustBeNumber}`],
    ['an empty name', (f) => (f.titles[0].name = '   '), `titles[0].name: ${M.textEmpty}`],
    ['a control character', (f) => (f.titles[0].name = 'A\u0007B'), `titles[0].name: ${M.invalidCharacters}`],
    ['a date without a time zone', (f) => (f.titles[0].releaseAt = '2025-05-01T20:00:00'), `titles[0].releaseAt: ${M.dateInvalid}`],
    ['a day the month does not have', (f) => (f.titles[0].seasons[0].episodes[0].airAt = '2025-02-30T20:00:00Z'), `titles[0].seasons[0].episodes[0].airAt: ${M.dateInvalid}`],
    ['a link with a control character', (f) => (f.titles[0].seasons[0].episodes[0].sources[0].link = '/media/a\u0001.mp4'), `titles[0].seasons[0].episodes[0].sources[0].link: ${M.urlInvalid}`],
    ['a protocol-relative poster', (f) => (f.titles[0].poster = '//evil.example/p.png'), `titles[0].poster: ${M.urlInvalid}`],
    ['an unknown source kind', (f) => (f.titles[0].seasons[0].episodes[0].sources[0].kind = 'flv'), `titles[0].seasons[0].episodes[0].sources[0].kind: ${M.sourceKindInvalid}`],
    ['a badly written tier', (f) => (f.titles[0].seasons[0].episodes[0].sources[0].tiers = ['HD']), `titles[0].seasons[0].episodes[0].sources[0].tiers[0]: ${M.tierInvalid}`],
    ['a repeated tier', (f) => (f.titles[0].seasons[0].episodes[0].sources[0].tiers = ['720p', '720p']), `titles[0].seasons[0].episodes[0].sources[0].tiers: ${M.tiersDuplicate}`],
    ['a download of an HLS source', (f) => Object.assign(f.titles[0].seasons[0].episodes[0].sources[0], { kind: 'hls', link: '/a.m3u8' }), `titles[0].seasons[0].episodes[0].sources[0].download: ${M.downloadOnlyMp4}`],
    ['a lock written as 1', (f) => (f.titles[0].seasons[0].episodes[0].sources[0].lock = 1), `titles[0].seasons[0].episodes[0].sources[0].lock: ${M.mustBeBoolean}`],
    ['a group without sources', (f) => (f.titles[0].seasons[0].episodes[0].groups = [{ hash: 'grup-001', name: 'Yedek', sources: [] }]), `titles[0].seasons[0].episodes[0].groups[0].sources: ${M.groupSourcesRequired}`],
    ['a short group hash', (f) => (f.titles[0].seasons[0].episodes[0].groups = [{ hash: 'g1', name: 'Yedek', sources: f.titles[0].seasons[0].episodes[0].sources }]), `titles[0].seasons[0].episodes[0].groups[0].hash: ${M.groupHashInvalid}`],
    ['a season without episodes', (f) => (f.titles[0].seasons[0].episodes = []), `titles[0].seasons[0].episodes: ${M.episodesRequired}`],
    ['a film with two episodes', (f) => f.titles[1].seasons[0].episodes.push({ ...f.titles[0].seasons[0].episodes[1] }), `titles[1].seasons: ${M.filmShape}`],
    ['a film with two seasons', (f) => f.titles[1].seasons.push({ ...f.titles[1].seasons[0], number: 2 }), `titles[1].seasons: ${M.filmShape}`],
    ['a repeated episode number', (f) => (f.titles[0].seasons[0].episodes[1].number = 1), `titles[0].seasons[0].episodes[1].number: ${M.duplicateEpisode}`],
    ['a repeated season number', (f) => f.titles[0].seasons.push({ ...f.titles[0].seasons[0] }), `titles[0].seasons[1].number: ${M.duplicateSeason}`],
    ['a repeated title slug', (f) => (f.titles[1].slug = f.titles[0].slug), `titles[1].slug: ${M.duplicateTitle}`],
    ['a repeated ad key', (f) => f.ads.push({ ...f.ads[0] }), `ads[1].key: ${M.duplicateAd}`],
    ['an ad skip time too long', (f) => (f.ads[0].time = 600), `ads[0].time: ${M.adSkipOutOfRange}`],
    ['a genre not defined in the file', (f) => f.titles[0].genres.push('komedi'), `titles[0].genres[1]: ${M.unknownGenre}`],
    ['a channel not defined in the file', (f) => (f.titles[1].channel = 'kanal-yok'), `titles[1].channel: ${M.unknownChannel}`],
    ['a misspelt field', (f) => (f.titles[0].posterUrl = '/p.png'), `titles[0].posterUrl: ${M.unknownField}`],
    ['titles that are not a list', (f) => (f.titles = {}), `titles: ${M.mustBeList}`],
  ])('refuses %s', (_case, change, error) => {
    expect(errorsOf(buildCatalog(change))).toEqual([error]);
  });

  it('refuses a group hash used twice anywhere in the file', () => {
    const errors = errorsOf(
      buildCatalog((file) => {
        const group = { hash: 'grup-ortak', name: 'Yedek', sources: file.titles[0].seasons[0].episodes[0].sources };
        file.titles[0].seasons[0].episodes[0].groups = [group];
        file.titles[1].seasons[0].episodes[0].groups = [group];
      }),
    );

    expect(errors).toEqual([`titles[1].seasons[0].episodes[0].groups[0].hash: ${M.duplicateGroup}`]);
  });

  it('refuses a file that is not an object, at the file itself', () => {
    expect(errorsOf([])).toEqual([`${M.fileRoot}: ${M.mustBeObject}`]);
  });

  it('never answers with a message that is not one of the catalog messages', () => {
    const messages = new Set<string>(Object.values(M));
    const errors = errorsOf({
      genres: [{ slug: 5, name: null, extra: true }],
      channels: 'x',
      ads: [{}],
      titles: [{ seasons: [{ episodes: [{ sources: [{}], groups: [{}] }] }], trailers: [{}], imdb: Number.NaN }, 3],
    });

    expect(errors.length).toBeGreaterThan(10);
    for (const error of errors) expect(messages.has(error.slice(error.indexOf(': ') + 2))).toBe(true);
  });
});

describe('formatIssuePath', () => {
  it('writes indexes in brackets and keys with dots', () => {
    expect(formatIssuePath(['titles', 3, 'seasons', 0, 'episodes', 2, 'sources', 0, 'link'])).toBe(
      'titles[3].seasons[0].episodes[2].sources[0].link',
    );
  });
});
