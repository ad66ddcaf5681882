import { z } from 'zod';
import { optionalIdSchema, wholeNumber } from '../platform/input';
import type { TitleCard } from './api';
import { CATALOG_RULES, type SourceKind, type TitleKind } from './rules';

/**
 * The watch page's address. Series and anime: /{kind}/{slug}/{season}-sezon/{episode}-bolum;
 * a film (one season, one episode): /film/{slug}/izle.
 */
export function watchPath(episode: { kind: TitleKind; slug: string; season: number; episode: number }): string {
  if (episode.kind === 'film') return `/film/${episode.slug}/izle`;
  return `/${episode.kind}/${episode.slug}/${episode.season}-sezon/${episode.episode}-bolum`;
}

/** Episodes per page of the legacy `loadEpisode` and `/episode/load` lists. */
export const WATCH_RULES = {
  episodePageSize: 12,
  /** Highest page number a legacy list accepts. */
  maxPage: 10_000,
} as const;

/** The watch page's Turkish texts that the server also says. */
export const WATCH_MESSAGES = {
  episodeNotFound: 'Aradığınız bölüm bulunamadı.',
  sourceNotFound: 'Video kaynağı bulunamadı.',
  pageInvalid: 'Sayfa numarası geçersiz.',
  titleIdInvalid: 'İçerik belirtilmedi.',
} as const;

/** A playable alternative as the page lists it: never its link, which GET /api/sources/{id}/stream gives. */
export interface WatchSource {
  id: number;
  /** Tab label. */
  name: string;
  kind: SourceKind;
  /** Quality levels, best first. */
  tiers: string[];
  /** Kept for members: a visitor gets the login flow. */
  locked: boolean;
  /** The MP4 may be downloaded. */
  downloadable: boolean;
}

/** A video group: alternatives bundled under a hash (the seed's /get/video/group). */
export interface WatchGroup {
  hash: string;
  name: string;
  sources: WatchSource[];
}

/** A pre-roll ad (the seed's front video ad). */
export interface WatchAd {
  /** Where a click on the ad leads. */
  link: string;
  /** Seconds before its skip button is enabled (the first ad always waits LIMITS.adSkipAfterSeconds). */
  time: number;
  /** The ad's MP4. */
  video: string;
  /** Cover shown with the play button, or null. */
  image: string | null;
}

/** Another episode the page links to. */
export interface WatchEpisodeRef {
  season: number;
  number: number;
  name: string;
  path: string;
}

/** The watch page (GET /api/watch/{kind}/{slug}/{season}/{episode}). */
export interface WatchData {
  title: TitleCard & { path: string };
  episode: { id: number; number: number; name: string; airAt: string; durationSeconds: number };
  season: { number: number; name: string | null };
  path: string;
  previous: WatchEpisodeRef | null;
  next: WatchEpisodeRef | null;
  /** The title's seasons with an aired episode, each pointing at its first one. */
  seasons: Array<{ number: number; name: string | null; path: string }>;
  /** The aired episodes of this season. */
  episodes: WatchEpisodeRef[];
  sources: WatchSource[];
  groups: WatchGroup[];
  ads: WatchAd[];
}

/** GET /api/sources/{id}/stream: what the player opens. */
export interface SourceStream {
  kind: SourceKind;
  link: string;
  /** The file to download, or null. */
  downloadUrl: string | null;
}

const positiveInt = (max: number, message: string) =>
  wholeNumber(message, { min: 1, max });

/** The JSON route's season and episode numbers. */
export const watchParamsSchema = z.object({
  season: positiveInt(CATALOG_RULES.seasonNumberMax, WATCH_MESSAGES.episodeNotFound),
  episode: positiveInt(CATALOG_RULES.episodeNumberMax, WATCH_MESSAGES.episodeNotFound),
});

/** A source id, from a path or the legacy `vid`. */
export const sourceIdSchema = positiveInt(2_147_483_647, WATCH_MESSAGES.sourceNotFound);

/** `get_stream`'s `eg_id`: the episode the page shows, when it says; missing, empty or 0 is none. */
export const legacyEpisodeRefSchema = optionalIdSchema(WATCH_MESSAGES.sourceNotFound);

/** A legacy list's page, from 1; missing means the first. */
export const legacyPageSchema = z.preprocess(
  (value) => (value === undefined || value === '' ? 1 : value),
  positiveInt(WATCH_RULES.maxPage, WATCH_MESSAGES.pageInvalid),
);

/** `loadEpisode`: `_t_id` the title's id, `stable` an optional season number, `page` from 1 (`_t`, its kind, is not needed). */
export const loadEpisodeSchema = z.looseObject({
  _t_id: positiveInt(2_147_483_647, WATCH_MESSAGES.titleIdInvalid),
  stable: z.preprocess(
    (value) => (value === undefined || value === '' || value === '0' || value === 0 ? undefined : value),
    positiveInt(CATALOG_RULES.seasonNumberMax, WATCH_MESSAGES.episodeNotFound).optional(),
  ),
  page: legacyPageSchema,
});
