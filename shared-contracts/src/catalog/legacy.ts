import { z } from 'zod';
import { legacyFieldsOf } from '../legacy/envelope';
import { wholeNumber } from '../platform/input';
import { searchQuerySchema } from './discover';
import { continueIdSchema, memberEpisodeIdSchema, memberTitleIdSchema, positionSecondsSchema } from './member-state';
import { CATALOG_RULES } from './rules';
import { legacyEpisodeRefSchema, legacyPageSchema, sourceIdSchema, WATCH_MESSAGES } from './watch';

// The catalog's legacy calls (§7), with the seed's field names. `loadEpisode` is loadEpisodeSchema
// and `/widget/episode/load` widgetEpisodeLoadSchema, beside the lists they page.

/** A season or episode number, from 1 to `max`, as a number or its digits. */
const numberIn = (max: number, message: string) => wholeNumber(message, { min: 1, max });

/** A legacy explicit state ("1"/"0", "true"/"false"); anything else (or nothing) means "toggle". */
const desiredStateSchema = z.unknown().optional().transform((value): boolean | undefined => {
  if (value === '1' || value === 1 || value === 'true' || value === true) return true;
  if (value === '0' || value === 0 || value === 'false' || value === false) return false;
  return undefined;
});

/** A video group's hash as sent; anything but text is the empty hash, which names no group. */
const legacyHashSchema = z.unknown().optional().transform((value) => (typeof value === 'string' ? value : ''));

/** `following`: `data` the title. */
export const legacyFollowingSchema = z.looseObject({ data: memberTitleIdSchema });

/** `addFavorite`: `data` the title, `status` 1/0 to set it, anything else toggles. */
export const legacyAddFavoriteSchema = z.looseObject({ data: memberTitleIdSchema, status: desiredStateSchema });

/** `/set/follow`: `content_id` the title. */
export const legacySetFollowSchema = z.looseObject({ content_id: memberTitleIdSchema });

/** `/user/letmeknow`: `id` the title. */
export const legacyLetMeKnowSchema = z.looseObject({ id: memberTitleIdSchema });

/**
 * `/set/episode/watch`: `episode_id`, the title it must belong to (`series_id`, or `series`), the
 * season it must be in (`season`, optional), `active` 1/0 to set it (anything else toggles).
 */
export const legacyEpisodeWatchSchema = z.preprocess(
  (body) => {
    const fields = legacyFieldsOf(body);
    return { ...fields, series_id: fields.series_id ?? fields.series };
  },
  z.looseObject({
    episode_id: memberEpisodeIdSchema,
    series_id: memberTitleIdSchema,
    season: z.preprocess((value) => (value === '' ? undefined : value), numberIn(CATALOG_RULES.seasonNumberMax, WATCH_MESSAGES.episodeNotFound).optional()),
    active: desiredStateSchema,
  }),
);

/** `/set/continue/watch`: `content_id` the title, `season` and `item` the season and episode numbers, `continue-watch` the position in seconds. */
export const legacyContinueWatchSchema = z.looseObject({
  content_id: memberTitleIdSchema,
  season: numberIn(CATALOG_RULES.seasonNumberMax, WATCH_MESSAGES.episodeNotFound),
  item: numberIn(CATALOG_RULES.episodeNumberMax, WATCH_MESSAGES.episodeNotFound),
  'continue-watch': positionSecondsSchema,
});

/** `/delete/continue/watch`: `id` the continue-watching entry. */
export const legacyDeleteContinueSchema = z.looseObject({ id: continueIdSchema });

/** `get_stream`: `vid` the source, `eg_id` its episode when the page says which (`room` is not needed). */
export const legacyGetStreamSchema = z.looseObject({ vid: sourceIdSchema, eg_id: legacyEpisodeRefSchema });

/** `videoGet` and `/get/video/group`: `hash` the video group. */
export const legacyVideoGroupSchema = z.looseObject({ hash: legacyHashSchema });

/** `/episode/load`: `page` from 1. */
export const legacyEpisodeLoadSchema = z.looseObject({ page: legacyPageSchema });

/** `/search`: `query` the text searched for. */
export const legacySearchSchema = z.looseObject({ query: searchQuerySchema });
