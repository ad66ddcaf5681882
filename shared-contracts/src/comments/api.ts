import type { MemberCard } from '../accounts/schemas';
import type { TitleKind } from '../catalog/rules';
import { rooms, type RoomName } from '../realtime/rooms';
import type { CommentTargetType } from './rules';

/**
 * The `content:` rooms of comments: `content:title-{id}` for a title's page (its own comments and
 * those written on its episodes), `content:episode-{id}` for an episode's watch page,
 * `content:discussion-{id}` for a forum topic's page, `content:timeline-{id}` for an episode's timed comments.
 */
export const commentRooms = {
  title: (titleId: number) => rooms.content(`title-${titleId}`),
  episode: (episodeId: number) => rooms.content(`episode-${episodeId}`),
  discussion: (discussionId: number) => rooms.content(`discussion-${discussionId}`),
  /** An episode's timed comments (a film's too), apart from its comment list: `content:timeline-{episodeId}`. */
  timeline: (episodeId: number) => rooms.content(`timeline-${episodeId}`),
};

/** What a `content:` room is about. */
export type CommentRoomKind = keyof typeof commentRooms;

/** The key of a `content:` room, split into what it is about; null for any other key. */
export function parseCommentRoomKey(key: string): { kind: CommentRoomKind; id: number } | null {
  const match = /^(title|episode|discussion|timeline)-([1-9][0-9]{0,9})$/.exec(key);
  if (!match) return null;
  const id = Number(match[2]);
  return id <= 2_147_483_647 ? { kind: match[1] as CommentRoomKind, id } : null;
}

/** The anchor of a comment on its page: /dizi/x#yorum-12. */
export const commentAnchor = (commentId: number) => `yorum-${commentId}`;

/** A comment's author as comment blocks show them: the member card. */
export type CommentAuthor = MemberCard;

/** The episode a comment was written on. */
export interface CommentEpisode {
  id: number;
  season: number;
  number: number;
  /** Its watch page. */
  path: string;
}

/** One comment or reply. */
export interface CommentView {
  id: number;
  /** The comment this one answers (always a thread's first comment), or null. */
  parentId: number | null;
  /** The title it was written on, or null for a reply in a forum topic. */
  titleId: number | null;
  /** The forum topic it was written in, or null for a comment on a title or an episode. */
  discussionId: number | null;
  /** The episode it was written on (a reply: its thread's episode), or null for the title itself. */
  episode: CommentEpisode | null;
  /** Null once deleted. */
  author: CommentAuthor | null;
  /** Emoji as short codes (`fromShortcodes` shows them); empty once deleted. */
  text: string;
  spoiler: boolean;
  likeCount: number;
  /** Goes up with every like and unlike: of two counts, the one with the higher version is newer. */
  likesVersion: number;
  /** Whether the viewer likes it (false for a visitor, and in pushed events). */
  liked: boolean;
  /** A deleted comment is listed only while it has replies, as "Silinmiş yorum". */
  deleted: boolean;
  /** ISO 8601 */
  createdAt: string;
}

/** A comment with its replies, oldest reply first. */
export interface CommentThread extends CommentView {
  replies: CommentView[];
}

/** GET …/comments: one page of threads. */
export interface CommentPage {
  /** The page's room: join it to receive new comments, likes and deletions live. */
  room: RoomName;
  /** The target as the legacy calls name it. */
  target: { type: CommentTargetType; id: number };
  threads: CommentThread[];
  /** Comments and replies on the page's target, deleted ones not counted. */
  total: number;
  /** Ask with this for the next page; null at the end. */
  nextCursor: string | null;
}

/** POST /api/comments/:id/like: whether the member now likes it, and the exact count. */
export interface CommentLikeState {
  liked: boolean;
  likeCount: number;
  likesVersion: number;
}

/** A member's comment as their profile lists it. */
export interface MemberComment {
  id: number;
  /** True for a reply to someone's comment. */
  isReply: boolean;
  text: string;
  spoiler: boolean;
  likeCount: number;
  createdAt: string;
  /** The title it was written on; null for a reply in a forum topic. */
  title: { kind: TitleKind; slug: string; name: string } | null;
  /** The forum topic it was written in (then `title` is null). */
  topic?: { id: number; title: string };
  episode: { season: number; number: number } | null;
  /** The page the comment is on, with its anchor. */
  link: string;
}

/** GET /api/users/:username/comments */
export interface MemberCommentPage {
  comments: MemberComment[];
  nextCursor: string | null;
}

/**
 * A comment pinned to a second of an episode, or a room's chat message at the room's playback
 * second (`id` is then the message's sequence in its room).
 */
export interface TimedComment {
  id: number;
  /** The second of the episode it belongs to: show it only once playback has reached it. */
  positionSeconds: number;
  /** Null only in the answer to a repeated send of a comment deleted since. */
  author: CommentAuthor | null;
  /** Emoji as short codes (`fromShortcodes` shows them). */
  text: string;
  /** ISO 8601 */
  createdAt: string;
}

/** GET /api/episodes/:id/timed-comments and /api/rooms/:code/timeline: a window of seconds, by second then id. */
export interface TimedCommentWindow {
  comments: TimedComment[];
  /** The window holds more after the last one: ask again from its second with `after` its id. */
  hasMore: boolean;
}

/** GET /api/episodes/:id/timed-comments/heat: timed comments counted in TIMED_COMMENT_RULES.heatBuckets equal parts of the episode. */
export interface TimedHeatStrip {
  durationSeconds: number;
  /** Count per part, the episode's start first. */
  buckets: number[];
}

/** GET /api/episodes/:id/timed-comments/rooms: the member's rooms that watched this episode, whose chat can be replayed in time. */
export interface TimedRoomReplays {
  rooms: Array<{ code: string; title: string }>;
}
