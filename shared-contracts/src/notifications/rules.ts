import { LIMITS } from '../platform/limits';

/**
 * What a notification is about. The member's own sources (a reply, likes, a private message, an
 * invitation to a room, a requested title added by the catalog import) are made from domain events;
 * `episode.new` and `title.aired` come from the new-episode fan-out job. The same list is the
 * database's CHECK and the mute settings' choices.
 */
export const NOTIFICATION_KINDS = ['comment.reply', 'comment.like', 'message', 'room.invite', 'episode.new', 'title.aired', 'flow.reaction', 'poll.vote', 'badge', 'request.added'] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** Limits and timings of notifications, the same for the server and the client. */
export const NOTIFICATION_RULES = {
  /** Notifications per page of the notifications page, the header dropdown and `/get/more/notification`. */
  pageSize: 20,
  /** Highest page number a list accepts. */
  maxPage: 10_000,
  /** Notifications one catch-up answer ("after SEQ") holds at most; the client asks again from the last one. */
  catchUpPageSize: 100,
  /** Seed §9: how long the toast of a new notification stays. */
  toastMs: LIMITS.toastDurationMs,
  /** The start of a private message a notification quotes, in characters. */
  messagePreviewLength: 80,
} as const;

/** The notifications page. */
export const NOTIFICATIONS_PATH = '/bildirimler';
