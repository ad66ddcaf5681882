import type { PostCounts } from './api';

/**
 * Pushed to the post's channel (`post:{id}`) after votes or reactions committed, coalesced: at
 * most one push per post per POST_COUNTS_WINDOW_MS (on every server process together), holding the
 * poll's results and the reactions, the last one the final counts. Pushes can arrive out of order:
 * keep, for each part, the one with the highest `version`.
 */
export interface PostCountsServerEvents {
  'post.countsChanged': (counts: PostCounts) => void;
}
