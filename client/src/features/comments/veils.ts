import type { CommentEpisode, CommentThread, CommentView } from '@seyirlik/shared-contracts';

/*
 * What a comments block hides until clicked: a comment its author marked as a spoiler (seed §4) and,
 * on a title page, a thread written on an episode the member has not marked watched. The viewer's
 * own comments are never hidden from them: they wrote them.
 */

/** Whether the viewer (null: a visitor) wrote `comment`. */
export function isViewersComment(comment: CommentView, viewerId: number | null): boolean {
  return viewerId !== null && comment.author !== null && comment.author.id === viewerId;
}

/**
 * The episode a title page hides `thread` for, or null when it is shown: a thread on an episode
 * missing from `watchedEpisodeIds` stays hidden, unless the viewer wrote in it (its first comment or
 * a reply), since they have read it already. `watchedEpisodeIds` is undefined off a title page.
 */
export function unwatchedEpisodeOf(
  thread: CommentThread,
  viewerId: number | null,
  watchedEpisodeIds: readonly number[] | undefined,
): CommentEpisode | null {
  const episode = thread.episode;
  if (watchedEpisodeIds === undefined || episode === null || watchedEpisodeIds.includes(episode.id)) return null;
  const wroteInIt = [thread, ...thread.replies].some((comment) => isViewersComment(comment, viewerId));
  return wroteInIt ? null : episode;
}
