import { LIMITS } from '../platform/limits';

/**
 * What a comment is written on, as the seed's `type` field says it: 1 a series or an anime (`id`
 * the title's id), 2 an episode of a series or an anime (`id` the episode's id), 3 a film (`id`
 * the title's id). A film's one episode is the film itself, so a film's comments are written to
 * the film (type 3), on its title page and on its watch page alike. 5 is a forum topic (`id` the
 * discussion's id), whose replies are comments like any other; 4 stays unused and refused, as it
 * always was.
 */
export const COMMENT_TARGET_TYPES = { series: 1, episode: 2, film: 3, discussion: 5 } as const;
export type CommentTargetType = (typeof COMMENT_TARGET_TYPES)[keyof typeof COMMENT_TARGET_TYPES];

/** A comment list's order: newest first, or most liked first (newest first among equal counts). */
export const COMMENT_ORDERS = ['newest', 'liked'] as const;
export type CommentOrder = (typeof COMMENT_ORDERS)[number];

/** The problems a member can report a comment for (the report modal's `value`). */
export const COMMENT_REPORT_REASONS = ['spoiler', 'abuse', 'spam', 'other'] as const;
export type CommentReportReason = (typeof COMMENT_REPORT_REASONS)[number];

/** What `/set/report` can report (its `type`); other kinds come with their features. */
export const REPORT_SUBJECTS = ['comment'] as const;

/** Limits of comments, the same for the server and the client. */
export const COMMENT_RULES = {
  /** Longest comment, counted by `commentLength` (an emoji is one character). */
  maxLength: LIMITS.commentMaxLength,
  /** Longest report description, counted the same way. */
  reportDescriptionMaxLength: 500,
  /** Threads (a comment with all its replies) per page of a title or episode page. */
  pageSize: 10,
  /** A member's comments per page of their profile. */
  profilePageSize: 20,
  /** Highest page number `/get/more/comment` accepts. */
  maxPage: 10_000,
  /** Comments and replies a member may send, together: this many per window. */
  sendRateLimit: { points: 10, windowSeconds: 60 },
  /** Reports a member may send. */
  reportRateLimit: { points: 10, windowSeconds: 3600 },
} as const;
