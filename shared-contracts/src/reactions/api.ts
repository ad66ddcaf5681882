import type { PollResults } from '../polls/api';
import type { ReactionKind } from './rules';

/** A post's reactions as one viewer sees them. */
export interface ReactionSummary {
  /** How many members left each kind (0 for kinds nobody left). */
  counts: Record<ReactionKind, number>;
  /** Reactions on the post, one per member. */
  total: number;
  /** The viewer's reaction (null for none, and for a visitor). */
  mine: ReactionKind | null;
  /** Goes up with every change: of two summaries, the one with the higher version is newer. */
  version: number;
}

/** The counts of a post's reactions, as pushed to its viewers in `post.countsChanged` (nobody's own reaction in it). */
export interface ReactionCounts {
  postId: number;
  counts: Record<ReactionKind, number>;
  total: number;
  version: number;
}

/** PUT and DELETE /api/flow/posts/:id/reaction: the post's reactions after the member's change. */
export type ReactionReply = ReactionSummary;

/** A post's live counts as pushed to its viewers: its poll's results (null for a post without a poll) and its reactions. */
export interface PostCounts {
  postId: number;
  poll: PollResults | null;
  reactions: ReactionCounts | null;
}
