/** What a marking covers: the opening titles, the "previously on" recap, or the end credits. */
export const SKIP_SEGMENT_KINDS = ['intro', 'recap', 'credits'] as const;
export type SkipSegmentKind = (typeof SKIP_SEGMENT_KINDS)[number];

/** A member's vote on someone's marking. */
export const SKIP_SEGMENT_VOTES = ['confirm', 'reject'] as const;
export type SkipSegmentVote = (typeof SKIP_SEGMENT_VOTES)[number];

/**
 * The community's rules for skip markings, the same for the server and the client. The author's
 * marking is the author's own confirmation; every member votes once (and may switch a vote).
 */
export const SKIP_SEGMENT_RULES = {
  /**
   * A marking is agreed once its confirmations (the author's included) exceed its rejections by
   * this many, and rejected away once its rejections exceed its confirmations by as many.
   */
  agreementMargin: 3,
  /** A marking is at most this share of the episode's length (duration / 3). */
  maxShareDivisor: 3,
  /** Highest second a request may name at all; the episode's own length is checked on the server. */
  maxSecond: 86_400,
  /** Markings one member may make per window. */
  markRateLimit: { points: 30, windowSeconds: 3600 },
} as const;

/** Where a marking stands, from its counts: agreed, rejected away, or still open to votes. */
export type SkipSegmentStatus = 'agreed' | 'pending' | 'rejected';

/** The one place the agreement rule is decided (the server's SQL is built from the same margin). */
export function skipSegmentStatus(counts: { confirmations: number; rejections: number }): SkipSegmentStatus {
  const margin = counts.confirmations - counts.rejections;
  if (margin >= SKIP_SEGMENT_RULES.agreementMargin) return 'agreed';
  if (-margin >= SKIP_SEGMENT_RULES.agreementMargin) return 'rejected';
  return 'pending';
}

/** Confirmations a marking still needs to be agreed (0 once it is). */
export function confirmationsNeeded(counts: { confirmations: number; rejections: number }): number {
  return Math.max(0, SKIP_SEGMENT_RULES.agreementMargin - (counts.confirmations - counts.rejections));
}
