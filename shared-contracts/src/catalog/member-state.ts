import { z } from 'zod';
import { decimalNumber, idSchema } from '../platform/input';
import type { TitleCard } from './api';
import { MEMBER_STATE_RULES } from './rules';

/** The member-state texts (follow, favourite, "Haber ver", watched markers, continue watching). */
export const MEMBER_STATE_MESSAGES = {
  titleIdInvalid: 'İçerik belirtilmedi.',
  episodeIdInvalid: 'Bölüm belirtilmedi.',
  episodeNotInTitle: 'Bu bölüm belirtilen içeriğe ait değil; hiçbir değişiklik yapılmadı.',
  positionInvalid: 'İzleme konumu geçersiz.',
  continueNotFound: 'Kaldığın yer kaydı bulunamadı.',
  notifyOn: 'Haber verme',
  notifyOff: 'Haber ver',
  continueWatchingHeading: 'Kaldığın yerden devam et',
} as const;

const id = idSchema;

export const memberTitleIdSchema = id(MEMBER_STATE_MESSAGES.titleIdInvalid);
export const memberEpisodeIdSchema = id(MEMBER_STATE_MESSAGES.episodeIdInvalid);
export const continueIdSchema = id(MEMBER_STATE_MESSAGES.continueNotFound);
export const positionSecondsSchema = decimalNumber(MEMBER_STATE_MESSAGES.positionInvalid, {
  min: 0,
  max: MEMBER_STATE_RULES.maxPositionSeconds,
}).transform((value) => Math.floor(value));

/** POST /api/episodes/:id/watched: `watched` sets the marker; without it the marker is toggled. */
export const episodeWatchedBodySchema = z.looseObject({ watched: z.boolean({ error: MEMBER_STATE_MESSAGES.episodeIdInvalid }).optional() });

/** PUT /api/continue-watching. */
export const continueWatchingBodySchema = z.looseObject({
  episodeId: memberEpisodeIdSchema,
  positionSeconds: positionSecondsSchema,
});

/** GET /api/titles/:kind/:slug/me: a visitor gets everything false and empty. */
export interface TitleMemberState {
  following: boolean;
  favorite: boolean;
  /** "Haber ver": the member is told when a new episode comes out. */
  notify: boolean;
  watchedEpisodeIds: number[];
}

/**
 * POST /api/episodes/:id/watched. The marker belongs to the one episode; `active` is whether it is
 * now watched, and `seasonEpisodeIds` are the ids of that season's episodes that are now watched,
 * so a client can set every checkbox of the season from the server's truth.
 */
export interface EpisodeWatchedState {
  active: boolean;
  seasonEpisodeIds: number[];
}

/** One row of "Kaldığın yerden devam et": the latest saved episode per title. */
export interface ContinueWatchingEntry {
  id: number;
  title: TitleCard;
  episode: { id: number; season: number; number: number; name: string; durationSeconds: number };
  watchPath: string;
  positionSeconds: number;
  updatedAt: string;
}

/** GET /api/titles/:kind/:slug/continue-watching: the member's saved entry of that title; null for a visitor or none. */
export interface TitleContinueWatching {
  entry: ContinueWatchingEntry | null;
}
