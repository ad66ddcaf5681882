import type { SkipSegmentKind, SkipSegmentStatus, SkipSegmentVote } from './rules';

/** A marking as one viewer sees it. */
export interface SkipSegmentView {
  id: number;
  kind: SkipSegmentKind;
  startSeconds: number;
  endSeconds: number;
  /** The author's own confirmation included. */
  confirmations: number;
  rejections: number;
  /**
   * `agreed`: skipped for everyone; `pending`: open to votes (and skipped for its author);
   * `rejected`: rejected away (only a vote's answer says so: lists leave such markings out).
   */
  status: SkipSegmentStatus;
  /** Confirmations still needed to be agreed (0 once it is). */
  confirmationsNeeded: number;
  /** The viewer marked it. */
  mine: boolean;
  /** The viewer's vote (the author's is `confirm`), null for none or a visitor. */
  myVote: SkipSegmentVote | null;
  /** Whether the player offers to skip it for this viewer: agreed, or the viewer's own. */
  skippable: boolean;
}

/**
 * GET /api/sources/:id/skip-segments: the source's markings for the viewer, by start: the agreed
 * ones for everyone; for a member also the ones still open to votes (their own among them).
 */
export interface SkipSegmentList {
  sourceId: number;
  episodeId: number;
  /** The episode's length: markings end at most here. */
  durationSeconds: number;
  segments: SkipSegmentView[];
}
