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

/**
 * Timed comments: comments pinned to a second of an episode (their length, markup, send limit,
 * reports and deletion are the comments'). A viewer reads them in windows of seconds as playback
 * goes, and sees one only once the playhead has reached its second.
 */
export const TIMED_COMMENT_RULES = {
  /** The window a player asks for ahead of its playhead. */
  windowSeconds: 60,
  /** The widest window one read may ask for. */
  maxWindowSeconds: 300,
  /** Timed comments per read; a fuller window is read on from the last one (`after`). */
  windowPageSize: 200,
  /**
   * The windows are public reads a server process may answer from memory for READ_CACHE_SECONDS
   * (10 by default): after every (re)join a player reads its windows at once and again this much
   * later, when no answer older than its join is served any more.
   */
  rereadAfterJoinMs: 11_000,
  /** How many equal parts of the episode the heat strip counts. */
  heatBuckets: 100,
  /** Rooms a member is offered to replay beside an episode, newest first. */
  replayRoomsMax: 20,
  /** The longest episode a second may be given for (a day); the episode's own length is checked on the server. */
  maxSecond: 86_400,
} as const;
