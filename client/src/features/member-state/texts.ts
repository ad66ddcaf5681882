import { MEMBER_STATE_MESSAGES } from '@seyirlik/shared-contracts';

/** The member-state controls' own texts (the ones the server also says live in shared-contracts). */
export const MEMBER_STATE_TEXT = {
  actionsLabel: 'Üyelik işlemleri',
  follow: 'Takip Et',
  unfollow: 'Takibi Bırak',
  favorite: 'Favori',
  notifyOn: MEMBER_STATE_MESSAGES.notifyOn,
  notifyOff: MEMBER_STATE_MESSAGES.notifyOff,
  resume: 'Devam et',
  watched: 'İzledim',
  /** Begins with the visible "İzledim", so the box is found by what is written beside it. */
  watchedLabel: (episode: number) => `İzledim: ${episode}. Bölüm`,
  seasonEpisode: (season: number, episode: number) => `${season}. Sezon ${episode}. Bölüm`,
  position: (clock: string) => `Kaldığın yer ${clock}`,
  progress: (percent: number) => `%${percent} izlendi`,
  remove: (name: string) => `${name}: listeden kaldır`,
  previousEntries: 'Önceki kayıtlar',
  nextEntries: 'Sonraki kayıtlar',
} as const;
