import { z } from 'zod';
import type { TitleCard } from './api';
import type { TitleKind } from './rules';
import { legacyPageSchema } from './watch';

/** Sizes of the home page's rows. The latest episodes come WATCH_RULES.episodePageSize to a page. */
export const HOME_RULES = {
  /** Films in the "En yeni filmler" carousel. */
  newestFilmsCount: 12,
  /** Slides of the featured slider at the top of the page. */
  featuredCount: 5,
  /** Aired episodes the featured slider picks its titles from, newest first. */
  featuredEpisodeWindow: 200,
  /** Titles in the "Popüler" row. */
  popularCount: 12,
  /** How far back "Popüler" counts what members watched. */
  popularWindowDays: 30,
  /** Genre rows, the genres with the most titles first. */
  genreRowsCount: 3,
  /** Titles in each genre row. */
  genreRowTitles: 12,
} as const;

/**
 * The widgets `/widget/episode/load` can page (seed §7 `widget`): `latest-episodes` is the home
 * page's newest aired episodes of the whole catalog.
 */
export const HOME_WIDGETS = ['latest-episodes'] as const;

/** The home rows' Turkish texts that the server says. */
export const HOME_MESSAGES = {
  widgetInvalid: 'Geçersiz liste türü.',
} as const;

/** An aired episode in the home page's latest episodes list. */
export interface LatestEpisode {
  /** Its watch page. */
  path: string;
  titleName: string;
  titleKind: TitleKind;
  /** The title's poster. */
  posterUrl: string;
  /** Shown behind the age gate. */
  adult: boolean;
  season: number;
  number: number;
  name: string;
  /** ISO time it aired. */
  airAt: string;
}

/** A page of latest episodes (GET /api/episodes/latest?page=N), newest first. */
export interface LatestEpisodesPage {
  episodes: LatestEpisode[];
  page: number;
  /** False on the last page: the load-more control goes. */
  hasMore: boolean;
}

/** A channel with at least one title, for the channels carousel and the discover filter. */
export interface ChannelCard {
  slug: string;
  name: string;
}

/** A slide of the home page's featured slider: a title with its backdrop and where to start watching it. */
export interface FeaturedTitle extends TitleCard {
  /** Its own backdrop, or the one the site draws (drawnBackdropUrl). */
  backdropUrl: string;
  description: string;
  /** Its genres' names, in Turkish alphabetical order. */
  genres: string[];
  /** The watch page of its newest aired episode (a film's /film/{slug}/izle). */
  watchPath: string;
  /** That episode's season and number; null for a film. */
  latestEpisode: { season: number; number: number } | null;
}

/** A genre's row on the home page: its best rated titles. */
export interface GenreRow {
  slug: string;
  name: string;
  titles: TitleCard[];
}

/** GET /api/home: the home page's rows in one reply. */
export interface HomeRows {
  /**
   * The featured slider: the titles with the newest aired episodes (adult titles left out), each
   * once, newest first.
   */
  featured: FeaturedTitle[];
  /**
   * "Popüler": the titles most members watched in the last HOME_RULES.popularWindowDays days
   * (watched marks and continue-watching positions, each member counted once a title), filled up
   * with the best rated titles while fewer have been watched.
   */
  popular: TitleCard[];
  /** The genres with the most titles, each with its best rated titles. */
  genreRows: GenreRow[];
  /** The first page of the latest episodes. */
  latestEpisodes: LatestEpisodesPage;
  /** Channels, in Turkish alphabetical order. */
  channels: ChannelCard[];
  /** The newest films by release year, for the films carousel. */
  newestFilms: TitleCard[];
}

/** `/widget/episode/load`: which widget, and its page from 1. */
export const widgetEpisodeLoadSchema = z.looseObject({
  widget: z.enum(HOME_WIDGETS, { error: HOME_MESSAGES.widgetInvalid }),
  page: legacyPageSchema,
});
