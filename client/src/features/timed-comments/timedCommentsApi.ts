import type { CreateTimedCommentBody, TimedComment, TimedCommentWindow, TimedHeatStrip, TimedRoomReplays } from '@seyirlik/shared-contracts';
import { api } from '../../lib/api';

/** What the lane shows: the episode's timed comments, or the chat of a room that watched it, by its seconds. */
export type TimedSource = { kind: 'comments' } | { kind: 'room'; code: string };

/** The entries of seconds [from, to) of the source, after entry `after` at second `from` when given. */
export function fetchTimedWindow(episodeId: number, source: TimedSource, from: number, to: number, after: number | null): Promise<TimedCommentWindow> {
  const query = new URLSearchParams({
    from: String(from),
    to: String(to),
    ...(after === null ? {} : { after: String(after) }),
  });
  const path = source.kind === 'comments' ? `/api/episodes/${episodeId}/timed-comments` : `/api/rooms/${encodeURIComponent(source.code)}/timeline`;
  return api.get<TimedCommentWindow>(`${path}?${query}`);
}

export function fetchHeatStrip(episodeId: number): Promise<TimedHeatStrip> {
  return api.get<TimedHeatStrip>(`/api/episodes/${episodeId}/timed-comments/heat`);
}

export function pinTimedComment(episodeId: number, body: CreateTimedCommentBody): Promise<TimedComment> {
  return api.post<TimedComment>(`/api/episodes/${episodeId}/timed-comments`, body);
}

/** The member's rooms that watched the episode. */
export function fetchRoomReplays(episodeId: number): Promise<TimedRoomReplays> {
  return api.get<TimedRoomReplays>(`/api/rooms/replays?episode=${episodeId}`);
}
