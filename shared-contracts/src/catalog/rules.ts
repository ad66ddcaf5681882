/** What a title is; the site's sections and routes follow these Turkish names. */
export const TITLE_KINDS = ['dizi', 'anime', 'film'] as const;
export type TitleKind = (typeof TITLE_KINDS)[number];

/**
 * How the player opens a video source: a direct MP4 file, an HLS playlist (.m3u8, played with
 * hls.js), or an embed page shown in an iframe.
 */
export const SOURCE_KINDS = ['mp4', 'hls', 'embed'] as const;
export type SourceKind = (typeof SOURCE_KINDS)[number];

/** Limits of the catalog, the same for the import, the server and the client. */
export const CATALOG_RULES = {
  /** Slugs and ad keys: lowercase a-z, digits and single hyphens between them. */
  slugPattern: /^[a-z0-9]+(?:-[a-z0-9]+)*$/,
  slugMaxLength: 100,
  /** A video group's hash, as legacy clients send it to /get/video/group. */
  groupHashPattern: /^[A-Za-z0-9_-]{6,64}$/,
  /** A quality level: the picture height and "p", such as 1080p. */
  tierPattern: /^[0-9]{3,4}p$/,
  maxTiers: 8,
  nameMaxLength: 200,
  descriptionMaxLength: 5000,
  urlMaxLength: 2000,
  yearMin: 1900,
  yearMax: 2100,
  imdbMin: 0,
  imdbMax: 10,
  seasonNumberMax: 999,
  episodeNumberMax: 9999,
  /** Longest episode or film, in seconds (a day). */
  durationSecondsMax: 86_400,
  /** Longest skip countdown an ad may ask for, in seconds. */
  adSkipSecondsMax: 120,
  maxTrailers: 20,
  maxSourcesPerEpisode: 50,
  maxGroupsPerEpisode: 20,
} as const;

/** Limits of a member's state on titles (follow, favourite, watched markers, continue watching). */
export const MEMBER_STATE_RULES = {
  /** A saved position above this (one day) is refused. */
  maxPositionSeconds: 86_400,
  /** Entries of GET /api/continue-watching (one per title, newest first). */
  continueWatchingLimit: 20,
  /** How often the player saves a member's position while it plays (also on pause, end and leaving). */
  positionSaveIntervalMs: 10_000,
} as const;
