import { MAX_ID } from '../platform/limits';

/** The reactions a member can leave on a flow or group post: one per member and post, changeable, removable. */
export const REACTION_KINDS = ['like', 'love', 'haha', 'wow', 'sad', 'angry'] as const;
export type ReactionKind = (typeof REACTION_KINDS)[number];

/** The icon of each reaction. */
export const REACTION_EMOJI: Record<ReactionKind, string> = {
  like: '👍',
  love: '❤️',
  haha: '😂',
  wow: '😮',
  sad: '😢',
  angry: '😡',
};

/**
 * A post's reaction and poll counts are pushed to its viewers at most once per this window
 * (on every server process together), the last push holding the final counts: at most 5 pushes
 * a second, and a change reaches viewers within the window and a read (under 250 ms).
 */
export const POST_COUNTS_WINDOW_MS = 200;

/** A post's own page (a flow or a group post), where a notification about it leads; it shows the post to whoever may read it. */
export const flowPostLink = (postId: number | string): string => `/gonderi/${postId}`;

/**
 * The post id of a post's address (`/gonderi/{id}`, as flowPostLink writes it): its decimal digits,
 * a whole number from 1 to MAX_ID, as flowPostIdSchema reads one; null for anything else.
 */
export function readFlowPostId(segment: string): number | null {
  if (!/^\d{1,16}$/.test(segment)) return null;
  const id = Number(segment);
  return id >= 1 && id <= MAX_ID ? id : null;
}
