import { LIMITS } from '../platform/limits';

/** Limits and timings of private messages, shared by the server and the client. */
export const MESSAGE_RULES = {
  /** Longest message, in characters (code points). */
  maxLength: 1000,
  /** Messages a scroll-up page holds (older messages, newest of them last). */
  pageSize: 30,
  /** Messages one catch-up answer (`after`) holds at most; a client asks again from the last one. */
  catchUpPageSize: 100,
  /** Conversations the list answers at most, newest first. */
  listSize: 50,
  /** Longest conversation search text. */
  searchMaxLength: 50,
  /** Characters of a message a list row and a notification show. */
  previewLength: 80,
  /** Messages a member may send, over all conversations: this many per window (counted from the stored messages). */
  sendRateLimit: { points: 30, windowSeconds: 60 },
  /** A typing indicator goes away after this long without a new keystroke. */
  typingTimeoutMs: 4_000,
  /** Typing and viewing signals one socket may send: this many per window; further ones are dropped. */
  signalLimit: { points: 20, windowSeconds: 10 },
  /** How long a tab counts as viewing a conversation after its last `conversation.view`. */
  viewTtlSeconds: 60,
  /** A tab with a conversation open says so again this often, well inside viewTtlSeconds. */
  viewRefreshMs: 20_000,
  /** Seed §9: the pane scrolls to a new message in this long. */
  scrollMs: LIMITS.messageScrollMs,
  /** Seed §9: toasts stay this long. */
  toastMs: LIMITS.toastDurationMs,
} as const;

/** A conversation's hash: 22 characters of base64url (128 random bits), unguessable. */
export const CONVERSATION_HASH_PATTERN = /^[A-Za-z0-9_-]{22}$/;

/** The messages page; `?user=NAME` opens or starts the conversation with that member. */
export const MESSAGES_PAGE_PATH = '/mesajlar';

/** The address a conversation shows once open (seed §2). */
export const conversationPath = (username: string) => `/profile/message/${encodeURIComponent(username)}`;

/** A member's profile, linked from the conversation's header (seed §2). */
export const profilePath = (username: string) => `/profile/${encodeURIComponent(username)}`;
