/** The home rows' own texts (the ones the server also says live in shared-contracts). */
export const HOME_TEXT = {
  latestEpisodes: 'Son eklenen bölümler',
  loadMoreEpisodes: 'Daha fazla bölüm yükle',
  channels: 'Kanallar',
  previousChannels: 'Önceki kanallar',
  nextChannels: 'Sonraki kanallar',
  /** The link's name: where a channel's slide leads. */
  channelTitles: (channel: string) => `${channel} yapımları`,
  newestFilms: 'En yeni filmler',
  previousFilms: 'Önceki filmler',
  nextFilms: 'Sonraki filmler',
  featured: 'Öne çıkanlar',
  /** A slide's place among the slides, as screen readers announce it. */
  slidePosition: (position: number, total: number) => `${position} / ${total}`,
  previousSlide: 'Önceki öne çıkan',
  nextSlide: 'Sonraki öne çıkan',
  /** The slide buttons' names: which title each shows. */
  showSlide: (name: string) => `${name} tanıtımını göster`,
  watch: 'İzle',
  /** A series' slide: the newest episode, the one its "İzle" opens. */
  newEpisode: (season: number, episode: number) => `Yeni bölüm: ${season}. Sezon ${episode}. Bölüm`,
  details: 'Detaylar',
  popular: 'Popüler',
  previousTitles: (row: string) => `${row}: önceki yapımlar`,
  nextTitles: (row: string) => `${row}: sonraki yapımlar`,
} as const;

/** How long a featured slide stays before the next one, unless the visitor is looking at it. */
export const FEATURED_SLIDE_MS = 8_000;
