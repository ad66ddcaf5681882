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
} as const;
