import { z } from 'zod';
import { LIMITS } from '../platform/limits';
import { CATALOG_MESSAGES as M } from './messages';
import { CATALOG_RULES as R, SOURCE_KINDS, TITLE_KINDS } from './rules';

// Every schema here carries its Turkish messages itself, so whoever parses a catalog file (the
// import command, a test, a future admin screen) reports the same reasons.

/** A missing field reads "required"; a value of the wrong type reads `expected`. */
const typeError = (expected: string) => (issue: { input?: unknown }) => (issue.input === undefined ? M.required : expected);

function strictObject<T extends z.core.$ZodLooseShape>(shape: T) {
  return z.strictObject(shape, {
    error: (issue) => (issue.code === 'unrecognized_keys' ? M.unknownField : typeError(M.mustBeObject)(issue)),
  });
}

function list<T extends z.ZodType>(item: T, max: number) {
  return z.array(item, { error: typeError(M.mustBeList) }).max(max, { error: M.tooManyItems });
}

/** A name or description as people read it: trimmed, not empty, no control characters. */
function text(max: number = R.nameMaxLength, { multiline = false } = {}) {
  const forbidden = multiline ? /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F\uFFFD]/ : /[\u0000-\u001F\u007F\uFFFD]/;
  return z
    .string({ error: typeError(M.mustBeText) })
    .trim()
    .refine((value) => !forbidden.test(value), { error: M.invalidCharacters })
    .min(1, { error: M.textEmpty })
    .max(max, { error: M.textTooLong });
}

const slug = z
  .string({ error: typeError(M.mustBeText) })
  .max(R.slugMaxLength, { error: M.textTooLong })
  .regex(R.slugPattern, { error: M.slugInvalid });

const ABSOLUTE_URL = /^https?:\/\/[^\s/?#@\\]+(?:[/?#]\S*)?$/i;
const SITE_PATH = /^\/(?![/\\])\S*$/;
const CONTROL_CHARACTER = /[\u0000-\u001F\u007F]/;

/**
 * An address a page may put in a player, an iframe or an <img>: http(s) on any host, or a path
 * on our own site (`/media/demo/pattern.mp4`). Never `javascript:` or a protocol-relative `//host`.
 */
const catalogUrl = z
  .string({ error: typeError(M.mustBeText) })
  .max(R.urlMaxLength, { error: M.textTooLong })
  .refine((value) => !CONTROL_CHARACTER.test(value) && (ABSOLUTE_URL.test(value) || SITE_PATH.test(value)), {
    error: M.urlInvalid,
  });

function integer(min: number, max: number, outOfRange: string) {
  return z
    .number({ error: typeError(M.mustBeNumber) })
    .int({ error: M.mustBeInteger })
    .min(min, { error: outOfRange })
    .max(max, { error: outOfRange });
}

const flag = z.boolean({ error: typeError(M.mustBeBoolean) });

/**
 * A moment with its time zone (`Z` or `+03:00`), so an import means the same on any machine;
 * zod's pattern also refuses days a month does not have (2025-02-30).
 */
const isoDateTime = z.iso.datetime({
  offset: true,
  error: (issue) => (issue.input === undefined ? M.required : M.dateInvalid),
});

/** Indexes of the values that repeat an earlier one, so each repetition can be pointed at. */
function repeats<T>(values: readonly T[]): number[] {
  const seen = new Set<T>();
  const found: number[] = [];
  values.forEach((value, index) => {
    if (seen.has(value)) found.push(index);
    seen.add(value);
  });
  return found;
}

/** A genre or a channel. */
const namedSchema = strictObject({
  /** Unique key of the record; titles refer to it. */
  slug,
  /** Turkish name shown on the site. */
  name: text(),
});

/** One way to play an episode; an episode lists several, the viewer picks one by name. */
export const videoSourceSchema = strictObject({
  /** The label of the source's tab ("Seyirlik", "Alternatif 1"). */
  name: text(),
  kind: z.enum(SOURCE_KINDS, { error: (issue) => (issue.input === undefined ? M.required : M.sourceKindInvalid) }),
  /** The MP4 file, the HLS playlist or the embed page (iframe) address. */
  link: catalogUrl,
  /**
   * The quality levels the source offers, best first (`["1080p", "720p"]`): the player's quality
   * menu. For an MP4 it is the file's own height; for HLS the renditions of its playlist; for an
   * embed what the embedded player offers. Informative: the server does not probe the video.
   */
  tiers: list(z.string({ error: typeError(M.mustBeText) }).regex(R.tierPattern, { error: M.tierInvalid }), R.maxTiers)
    .refine((tiers) => repeats(tiers).length === 0, { error: M.tiersDuplicate })
    .default([]),
  /**
   * A source kept for members: the server hands its link (and its download) only to a logged-in
   * member; a visitor who picks it gets the login flow (the session flag on the legacy API, 401 on
   * the JSON API), never the link.
   */
  lock: flag.default(false),
  /** Whether the player offers the file for download (MP4 only; members only when locked). */
  download: flag.default(false),
}).refine((source) => !source.download || source.kind === 'mp4', { error: M.downloadOnlyMp4, path: ['download'] });

/** Alternatives bundled under one hash, which legacy clients send to /get/video/group. */
export const videoGroupSchema = strictObject({
  /** Unique across the whole catalog; the group's address. */
  hash: z
    .string({ error: typeError(M.mustBeText) })
    .regex(R.groupHashPattern, { error: M.groupHashInvalid }),
  name: text(),
  sources: z
    .array(videoSourceSchema, { error: typeError(M.mustBeList) })
    .min(1, { error: M.groupSourcesRequired })
    .max(R.maxSourcesPerEpisode, { error: M.tooManyItems }),
});

export const episodeSchema = strictObject({
  number: integer(1, R.episodeNumberMax, M.episodeNumberOutOfRange),
  name: text(),
  /** When the episode is (or was) published; one in the future is not out yet. */
  airAt: isoDateTime,
  durationSeconds: integer(1, R.durationSecondsMax, M.durationOutOfRange),
  /** The episode's own alternatives, in the order the player lists them. */
  sources: list(videoSourceSchema, R.maxSourcesPerEpisode).default([]),
  groups: list(videoGroupSchema, R.maxGroupsPerEpisode).default([]),
});

export const seasonSchema = strictObject({
  number: integer(1, R.seasonNumberMax, M.seasonNumberOutOfRange),
  /** Shown instead of "N. Sezon" when set. */
  name: text().nullish(),
  episodes: z
    .array(episodeSchema, { error: typeError(M.mustBeList) })
    .min(1, { error: M.episodesRequired }),
}).superRefine((season, ctx) => {
  for (const index of repeats(season.episodes.map((episode) => episode.number))) {
    ctx.addIssue({ code: 'custom', message: M.duplicateEpisode, path: ['episodes', index, 'number'] });
  }
});

export const catalogTitleSchema = strictObject({
  /** Unique key and address of the title (`/dizi/<slug>`); lowercase a-z, digits and hyphens. */
  slug,
  kind: z.enum(TITLE_KINDS, { error: (issue) => (issue.input === undefined ? M.required : M.titleKindInvalid) }),
  /** Turkish name. */
  name: text(),
  /** Name in the original language (the same as `name` for a Turkish production). */
  originalName: text(),
  year: integer(R.yearMin, R.yearMax, M.yearOutOfRange),
  /** IMDb rating, 0–10 with at most one decimal. */
  imdb: z
    .number({ error: typeError(M.mustBeNumber) })
    .min(R.imdbMin, { error: M.imdbOutOfRange })
    .max(R.imdbMax, { error: M.imdbOutOfRange })
    .refine((value) => Math.abs(value * 10 - Math.round(value * 10)) < 1e-9, { error: M.imdbPrecision }),
  /** Slugs of genres defined in this file's `genres`. */
  genres: list(slug, 20).default([]),
  /** Slug of a channel defined in this file's `channels`. */
  channel: slug.nullish(),
  description: text(R.descriptionMaxLength, { multiline: true }),
  /** Behind the age gate (§4): shown only after the visitor confirms being 18 or older. */
  adult: flag.default(false),
  /** The next episode's or the premiere's time: the page counts down to it, then shows "on air". */
  releaseAt: isoDateTime.nullish(),
  /** Numbered by their order here: the first is trailer 1. */
  trailers: list(strictObject({ url: catalogUrl }), R.maxTrailers).default([]),
  /** Poster image; without it the site draws one (`/media/posters/<slug>.svg`). */
  poster: catalogUrl.nullish(),
  /** Wide background image of the title page. */
  backdrop: catalogUrl.nullish(),
  /** A film has exactly one season holding its one episode (the film itself). */
  seasons: z
    .array(seasonSchema, { error: typeError(M.mustBeList) })
    .min(1, { error: M.seasonsRequired }),
}).superRefine((title, ctx) => {
  if (title.kind === 'film' && (title.seasons.length !== 1 || title.seasons[0]!.episodes.length !== 1)) {
    ctx.addIssue({ code: 'custom', message: M.filmShape, path: ['seasons'] });
  }
  for (const index of repeats(title.seasons.map((season) => season.number))) {
    ctx.addIssue({ code: 'custom', message: M.duplicateSeason, path: ['seasons', index, 'number'] });
  }
  for (const index of repeats(title.genres)) {
    ctx.addIssue({ code: 'custom', message: M.duplicateTitleGenre, path: ['genres', index] });
  }
});

/** A pre-roll video ad, played before the player in the order of the file. */
export const preRollAdSchema = strictObject({
  /** Unique key of the ad. */
  key: slug,
  /** Where a click on the ad leads. */
  link: catalogUrl,
  /** Seconds before the skip button is enabled. */
  time: integer(0, R.adSkipSecondsMax, M.adSkipOutOfRange).default(LIMITS.adSkipAfterSeconds),
  /** The ad's video (MP4). */
  video: catalogUrl,
  /** Cover shown with the play button before the first ad starts. */
  image: catalogUrl.nullish(),
});

/**
 * A catalog file for `npm run catalog:import`. References between records (a title's genres and
 * channel) point at records defined in the same file, so a file is checked on its own.
 */
export const catalogImportSchema = strictObject({
  genres: list(namedSchema, 1000).default([]),
  channels: list(namedSchema, 1000).default([]),
  ads: list(preRollAdSchema, 100).default([]),
  titles: list(catalogTitleSchema, 100_000).default([]),
}).superRefine((catalog, ctx) => {
  const flagRepeats = (values: string[], message: string, path: (index: number) => PropertyKey[]) => {
    for (const index of repeats(values)) ctx.addIssue({ code: 'custom', message, path: path(index) });
  };
  flagRepeats(catalog.genres.map((genre) => genre.slug), M.duplicateGenre, (index) => ['genres', index, 'slug']);
  flagRepeats(catalog.channels.map((channel) => channel.slug), M.duplicateChannel, (index) => ['channels', index, 'slug']);
  flagRepeats(catalog.ads.map((ad) => ad.key), M.duplicateAd, (index) => ['ads', index, 'key']);
  flagRepeats(catalog.titles.map((title) => title.slug), M.duplicateTitle, (index) => ['titles', index, 'slug']);

  const genres = new Set(catalog.genres.map((genre) => genre.slug));
  const channels = new Set(catalog.channels.map((channel) => channel.slug));
  const groupPaths: PropertyKey[][] = [];
  const groupHashes: string[] = [];
  catalog.titles.forEach((title, t) => {
    title.genres.forEach((genre, g) => {
      if (!genres.has(genre)) ctx.addIssue({ code: 'custom', message: M.unknownGenre, path: ['titles', t, 'genres', g] });
    });
    if (title.channel && !channels.has(title.channel)) {
      ctx.addIssue({ code: 'custom', message: M.unknownChannel, path: ['titles', t, 'channel'] });
    }
    title.seasons.forEach((season, s) =>
      season.episodes.forEach((episode, e) =>
        episode.groups.forEach((group, g) => {
          groupHashes.push(group.hash);
          groupPaths.push(['titles', t, 'seasons', s, 'episodes', e, 'groups', g, 'hash']);
        }),
      ),
    );
  });
  flagRepeats(groupHashes, M.duplicateGroup, (index) => groupPaths[index]!);
});

/** A catalog file as written (defaults not yet applied). */
export type CatalogImportFile = z.input<typeof catalogImportSchema>;
/** A checked catalog file, defaults applied. */
export type CatalogImport = z.output<typeof catalogImportSchema>;
export type CatalogTitleImport = CatalogImport['titles'][number];
export type VideoSourceImport = z.output<typeof videoSourceSchema>;

/** `titles[3].seasons[0].episodes[2]`: where a problem is, as a person reads the file. */
export function formatIssuePath(path: readonly PropertyKey[]): string {
  let formatted = '';
  for (const key of path) {
    formatted += typeof key === 'number' ? `[${key}]` : `${formatted ? '.' : ''}${String(key)}`;
  }
  return formatted || M.fileRoot;
}

export type CatalogImportCheck = { success: true; data: CatalogImport } | { success: false; errors: string[] };

/**
 * Checks a catalog file's content: the file with defaults applied, or every problem as
 * `path: reason` (an unknown field is reported at its own path).
 */
export function checkCatalogImport(input: unknown): CatalogImportCheck {
  // Fallback for any issue a schema above leaves without a Turkish message.
  const result = catalogImportSchema.safeParse(input, { error: () => M.invalidValue });
  if (result.success) return { success: true, data: result.data };
  return {
    success: false,
    errors: result.error.issues.flatMap((issue) =>
      issue.code === 'unrecognized_keys'
        ? issue.keys.map((key) => `${formatIssuePath([...issue.path, key])}: ${M.unknownField}`)
        : [`${formatIssuePath(issue.path)}: ${issue.message}`],
    ),
  };
}
