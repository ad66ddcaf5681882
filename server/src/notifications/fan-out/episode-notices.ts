import { type TitleKind, watchPath } from '@seyirlik/shared-contracts';

/** A released episode as its notifications tell of it. */
export interface ReleasedEpisode {
  episodeId: number;
  titleId: number;
  titleName: string;
  titleKind: TitleKind;
  titleSlug: string;
  seasonNumber: number;
  episodeNumber: number;
  /**
   * The title's first episode by air time: the title goes on air with it. Its "Haber ver"
   * members are told (`title.aired`); every other release tells the followers alone.
   */
  premiere: boolean;
}

/** The kinds a release makes; a member gets one notification per episode, of one of them. */
export type EpisodeNoticeKind = 'episode.new' | 'title.aired';

/** What a released episode's notifications say and link to (the member is addressed as "siz"). */
export interface EpisodeNotice {
  /** One row per member and episode, whichever kind the member gets. */
  groupKey: string;
  texts: Record<EpisodeNoticeKind, string>;
  /** The episode's watch page. */
  link: string;
}

export function episodeNotice(episode: ReleasedEpisode): EpisodeNotice {
  const film = episode.titleKind === 'film';
  const which = `${episode.seasonNumber}. Sezon ${episode.episodeNumber}. Bölüm`;
  return {
    groupKey: `episode:${episode.episodeId}`,
    texts: {
      'episode.new': film
        ? `Takip ettiğiniz ${episode.titleName} yayında`
        : `Takip ettiğiniz ${episode.titleName} için yeni bölüm: ${which}`,
      'title.aired': film
        ? `Haber vermemizi istediğiniz ${episode.titleName} yayında`
        : `Haber vermemizi istediğiniz ${episode.titleName} yayında: ${which}`,
    },
    link: watchPath({ kind: episode.titleKind, slug: episode.titleSlug, season: episode.seasonNumber, episode: episode.episodeNumber }),
  };
}
