import { HttpStatus, Injectable } from '@nestjs/common';
import {
  ACCOUNT_MESSAGES,
  COMMENT_MESSAGES as M,
  COMMENT_RULES,
  COMMENT_TARGET_TYPES,
  SEND_KEY_MESSAGES,
  TIMED_COMMENT_MESSAGES as TM,
  TIMED_COMMENT_RULES,
  commentCursor,
  commentRooms,
  parseCommentRoomKey,
  type CommentCursor,
  type CommentLikeState,
  type CommentOrder,
  type CommentPage,
  type CommentReportReason,
  type CommentTargetType,
  type CommentThread,
  type CommentView,
  type MemberCommentPage,
  type RoomName,
  type TimedComment,
  type TimedCommentWindow,
  type TimedHeatStrip,
  type TimedWindowQuery,
} from '@seyirlik/shared-contracts';
import { DataSource, type EntityManager } from 'typeorm';
import { titleReferenceAt } from '../catalog';
import { DomainEvents } from '../platform/events/domain-events';
import { AppException } from '../platform/http/app-exception';
import { RateLimitService } from '../platform/rate-limit/rate-limit.service';
import { RealtimeService } from '../platform/realtime/realtime.service';
import { CommentsRepository, type CommentRow, type CommentScope } from './comments.repository';
import { TimedCommentsRepository } from './timed-comments.repository';

/** A target as a request names it: the seed's `type` and `id`, or a title page's address. */
export type TargetAddress = { type: CommentTargetType; id: number } | { kind: string; slug: string };

/** A page comments are on: a title's (`episodeId` null), an episode's, or a forum topic's (`discussionId`, no title). */
interface CommentPlace {
  titleId: number | null;
  episodeId: number | null;
  discussionId: number | null;
}

/** A title, an episode or a forum topic comments are written on and listed for. */
interface CommentTarget extends CommentPlace {
  type: CommentTargetType;
}

export interface NewComment {
  text: string;
  spoiler: boolean;
  /** The comment answered; its thread's first comment becomes the parent. */
  parentId?: number;
  /** The send's idempotency key, which its retries repeat (none from legacy clients). */
  clientKey?: string;
  /** A timed comment's second of its episode. */
  positionSeconds?: number;
}

/** A comment pinned to a second of an episode. */
export type NewTimedComment = Pick<NewComment, 'text' | 'clientKey'> & Required<Pick<NewComment, 'positionSeconds'>>;

export interface CommentReport {
  reason: CommentReportReason;
  description: string;
}

const notFound = (message: string) => new AppException(HttpStatus.NOT_FOUND, message);

/** A title's page lists its own comments and its episodes'; an episode's page and a topic list their own. */
const scopeOf = (target: CommentPlace): CommentScope =>
  target.discussionId !== null
    ? { column: 'discussion_id', id: target.discussionId }
    : target.episodeId === null
      ? { column: 'title_id', id: target.titleId! }
      : { column: 'episode_id', id: target.episodeId };

/** Whether a comment shows on the page. */
const isOn = (comment: CommentRow, page: CommentPlace) =>
  page.discussionId !== null
    ? comment.discussion_id === page.discussionId
    : page.episodeId === null
      ? comment.title_id === page.titleId
      : comment.episode_id === page.episodeId;

/** The room of the page itself: where its list is read and live. */
const roomOf = (page: CommentPlace): RoomName =>
  page.discussionId !== null
    ? commentRooms.discussion(page.discussionId)
    : page.episodeId === null
      ? commentRooms.title(page.titleId!)
      : commentRooms.episode(page.episodeId);

/**
 * The rooms that see a change to a comment: its topic's page, or its title's page and, for an
 * episode, that episode's page; a timed comment's, only its episode's timeline.
 */
const roomsOf = (comment: Pick<CommentRow, 'title_id' | 'episode_id' | 'discussion_id' | 'position_seconds'>): RoomName[] =>
  comment.position_seconds !== null
    ? [commentRooms.timeline(comment.episode_id!)]
    : comment.discussion_id !== null
      ? [commentRooms.discussion(comment.discussion_id)]
      : comment.episode_id === null
        ? [commentRooms.title(comment.title_id!)]
        : [commentRooms.title(comment.title_id!), commentRooms.episode(comment.episode_id)];

/** The topic an event's comment is in; events of comments on titles carry no such field. */
const inTopic = (discussionId: number | null) => (discussionId === null ? {} : { discussionId });

/** A stored timed comment as the lane shows it. */
const timedOf = (view: CommentView, positionSeconds: number): TimedComment => ({
  id: view.id,
  positionSeconds,
  author: view.author,
  text: view.text,
  createdAt: view.createdAt,
});

const placeOf = (row: { title_id: number | null; episode_id: number | null; discussion_id: number | null }): CommentPlace => ({
  titleId: row.title_id,
  episodeId: row.episode_id,
  discussionId: row.discussion_id,
});

/**
 * Comments and replies on titles, episodes and forum topics, likes and reports. Writes need a member (the
 * controllers' guard), run in a transaction under the comment's row lock where they race, and
 * are pushed to the comment's `content:` rooms and published as domain events after commit.
 */
@Injectable()
export class CommentsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly comments: CommentsRepository,
    private readonly timed: TimedCommentsRepository,
    private readonly realtime: RealtimeService,
    private readonly events: DomainEvents,
    private readonly rateLimit: RateLimitService,
  ) {}

  /** Whether a `content:` room key names a page with comments (any visitor may read them). */
  async roomExists(key: string): Promise<boolean> {
    const room = parseCommentRoomKey(key);
    if (!room) return false;
    if (room.kind === 'timeline') return (await this.timed.target(room.id)) !== null;
    const find = { episode: this.comments.episodeTarget, title: this.comments.titleTarget, discussion: this.comments.discussionTarget }[room.kind];
    return (await find.call(this.comments, room.id)) !== null;
  }

  /** One page of a target's threads, each with all its replies. */
  async page(viewerId: number | null, address: TargetAddress, order: CommentOrder, cursor: CommentCursor | null): Promise<CommentPage> {
    const target = await this.resolve(address);
    const scope = scopeOf(target);
    const heads = await this.comments.heads(viewerId, scope, order, cursor, COMMENT_RULES.pageSize + 1);
    const listed = heads.slice(0, COMMENT_RULES.pageSize);
    const last = listed.at(-1);
    return {
      room: roomOf(target),
      target: { type: target.type, id: target.discussionId ?? target.episodeId ?? target.titleId! },
      threads: await this.withReplies(viewerId, listed),
      total: await this.comments.count(scope),
      nextCursor: heads.length > COMMENT_RULES.pageSize && last ? commentCursor(order, last) : null,
    };
  }

  /** The legacy list (`/get/more/comment`): newest first, `page` from 1. */
  async legacyPage(viewerId: number | null, address: TargetAddress, page: number): Promise<CommentThread[]> {
    const target = await this.resolve(address);
    const heads = await this.comments.headsAt(viewerId, scopeOf(target), (page - 1) * COMMENT_RULES.pageSize, COMMENT_RULES.pageSize);
    return this.withReplies(viewerId, heads);
  }

  /** Writes a comment on the target, or a reply when `parentId` is given (the comment answered must be on the target's page). */
  async add(userId: number, address: TargetAddress, input: NewComment): Promise<CommentView> {
    return this.write(userId, await this.resolve(address), input);
  }

  /**
   * Pins a comment to a second of an aired episode (a film's too): from 0 to the episode's length.
   * Written, limited and made idempotent as any comment; pushed to the episode's timeline only.
   */
  async addTimed(userId: number, episodeId: number, input: NewTimedComment): Promise<TimedComment> {
    const target = await this.timed.target(episodeId);
    if (!target) throw notFound(TM.episodeNotFound);
    if (input.positionSeconds > target.duration_seconds) throw new AppException(HttpStatus.BAD_REQUEST, TM.positionPastEnd);
    const page = { titleId: target.title_id, episodeId, discussionId: null };
    return timedOf(await this.write(userId, page, { ...input, spoiler: false }), input.positionSeconds);
  }

  /** The timed comments of a window of seconds of an aired episode (the player shows each once its playhead reaches it). */
  async timedWindow(episodeId: number, { from, to, after }: TimedWindowQuery): Promise<TimedCommentWindow> {
    const window = await this.timed.window(episodeId, from, to, after, TIMED_COMMENT_RULES.windowPageSize);
    if (!window) throw notFound(TM.episodeNotFound);
    return window;
  }

  /** Where an aired episode's timed comments gather: counts over TIMED_COMMENT_RULES.heatBuckets equal parts. */
  async timedHeat(episodeId: number): Promise<TimedHeatStrip> {
    const heat = await this.timed.heat(episodeId, TIMED_COMMENT_RULES.heatBuckets);
    if (!heat) throw notFound(TM.episodeNotFound);
    return heat;
  }

  /**
   * The legacy reply: `onPage` is the page it was written on, whose comment it must answer; without
   * it, the reply goes to the answered comment's own page.
   */
  async reply(userId: number, parentId: number, text: string, onPage: TargetAddress | null, clientKey?: string): Promise<CommentView> {
    const page = onPage === null ? await this.pageOf(parentId) : await this.resolve(onPage);
    return this.write(userId, page, { text, spoiler: false, parentId, clientKey });
  }

  /**
   * A reply is refused under a comment that is missing, deleted, or not on `page`. A send repeating
   * the key of a comment the member stored answers that comment (see answerRepeat).
   */
  private async write(userId: number, page: CommentPlace, input: NewComment): Promise<CommentView> {
    const { clientKey } = input;
    if (clientKey !== undefined && (await this.comments.findBySendKey(userId, clientKey))) {
      return this.answerRepeat(userId, clientKey, input);
    }
    await this.rateLimit.enforce('comment-send', COMMENT_RULES.sendRateLimit, String(userId));
    const view = await this.dataSource.transaction(async (manager) => {
      const { id, parent } = await this.insertComment(manager, userId, page, input);
      if (id === null) return null;
      const { view: stored, link } = (await this.comments.viewWithLink(id, manager))!;
      const base = { commentId: stored.id, authorId: userId, titleId: stored.titleId, episodeId: stored.episode?.id ?? null, ...inTopic(stored.discussionId), link };
      if (parent === null) await this.events.publish(manager, 'comment.created', base);
      else await this.events.publish(manager, 'comment.replied', { ...base, parentId: parent.id, parentAuthorId: parent.user_id });
      return stored;
    });
    // A concurrent send of the same key stored it first.
    if (view === null) return this.answerRepeat(userId, clientKey!, input);

    if (input.positionSeconds !== undefined) {
      this.realtime.toRoom(commentRooms.timeline(page.episodeId!), 'timedComment.created', { episodeId: page.episodeId!, comment: timedOf(view, input.positionSeconds) });
      return view;
    }
    for (const room of roomsOf({ title_id: view.titleId, episode_id: view.episode?.id ?? null, discussion_id: view.discussionId, position_seconds: null })) {
      this.realtime.toRoom(room, 'comment.created', view);
    }
    return view;
  }

  /** Inserts the comment or reply in `manager`'s transaction; a null id when the send key was taken meanwhile. */
  private async insertComment(
    manager: EntityManager,
    userId: number,
    page: CommentPlace,
    input: NewComment,
  ): Promise<{ id: number | null; parent: CommentRow | null }> {
    const comment = { userId, text: input.text, spoiler: input.spoiler, clientKey: input.clientKey ?? null, positionSeconds: input.positionSeconds ?? null };
    if (input.parentId === undefined) {
      const id = await this.comments.insert(manager, { ...comment, titleId: page.titleId, episodeId: page.episodeId, discussionId: page.discussionId, parentId: null });
      return { id, parent: null };
    }
    const answered = await this.comments.lock(manager, input.parentId, 'share');
    // A timed comment starts no thread.
    if (!answered || answered.position_seconds !== null) throw notFound(M.parentNotFound);
    if (!isOn(answered, page)) throw new AppException(HttpStatus.BAD_REQUEST, M.parentElsewhere);
    if (answered.deleted_at !== null) throw new AppException(HttpStatus.BAD_REQUEST, M.parentDeleted);
    // Threads are one level deep: an answer to a reply goes under the thread's first comment.
    const parent = answered.parent_id === null ? answered : (await this.comments.lock(manager, answered.parent_id, 'share'))!;
    const id = await this.comments.insert(manager, { ...comment, ...placeOf(answered), parentId: parent.id });
    return { id, parent };
  }

  /**
   * The answer to a send whose key the member already stored a comment under: that comment as it
   * is now, with nothing stored, pushed or counted against the send limit again. A different text
   * (or second) under the key is refused (409): the client makes a new key whenever the text changes.
   */
  private async answerRepeat(userId: number, clientKey: string, input: NewComment): Promise<CommentView> {
    const stored = (await this.comments.findBySendKey(userId, clientKey))!;
    const sameSecond = stored.position_seconds === (input.positionSeconds ?? null);
    if (!sameSecond || (stored.deleted_at === null && stored.text !== input.text)) throw new AppException(HttpStatus.CONFLICT, SEND_KEY_MESSAGES.reused);
    return (await this.comments.viewWithLink(stored.id))!.view;
  }

  /**
   * Likes the comment, or takes the member's like back: one like per member, and every call
   * toggles. Under the comment's row lock, so concurrent toggles never lose a count. `onPage`
   * (the legacy call's page) must be a page the comment shows on. A timed comment has no likes
   * (the lane shows none): it is not found here.
   */
  async toggleLike(userId: number, commentId: number, onPage: TargetAddress | null = null): Promise<CommentLikeState> {
    const page = onPage === null ? null : await this.resolve(onPage);
    const { comment, state } = await this.dataSource.transaction(async (manager) => {
      const locked = await this.comments.lock(manager, commentId, 'update');
      if (!locked || locked.deleted_at !== null || locked.position_seconds !== null || (page !== null && !isOn(locked, page))) {
        throw notFound(M.commentNotFound);
      }
      const toggled = await this.comments.toggleLike(manager, commentId, userId);
      if (toggled.liked) {
        await this.events.publish(manager, 'comment.liked', {
          commentId,
          authorId: locked.user_id,
          titleId: locked.title_id,
          episodeId: locked.episode_id,
          ...inTopic(locked.discussion_id),
          link: (await this.comments.viewWithLink(commentId, manager))!.link,
          likerId: userId,
          likeCount: toggled.likeCount,
        });
      }
      return { comment: locked, state: toggled };
    });
    for (const room of roomsOf(comment)) this.realtime.toRoom(room, 'comment.likesChanged', { id: commentId, likeCount: state.likeCount, likesVersion: state.likesVersion });
    return state;
  }

  /** Deletes the member's own comment; anyone else's is refused and stays. Replies under it stay readable. */
  async remove(userId: number, commentId: number): Promise<void> {
    const { comment, hasReplies } = await this.dataSource.transaction(async (manager) => {
      const locked = await this.comments.lock(manager, commentId, 'update');
      if (!locked || locked.deleted_at !== null) throw notFound(M.commentNotFound);
      if (locked.user_id !== userId) throw new AppException(HttpStatus.FORBIDDEN, M.deleteForbidden);
      return { comment: locked, hasReplies: await this.comments.markDeleted(manager, commentId) };
    });
    for (const room of roomsOf(comment)) {
      this.realtime.toRoom(room, 'comment.deleted', { id: commentId, parentId: comment.parent_id, hasReplies });
    }
  }

  /** Stores a report for moderation: not on one's own comment, and one open report per member and comment. */
  async report(userId: number, commentId: number, report: CommentReport): Promise<void> {
    const comment = await this.comments.find(commentId);
    if (!comment || comment.deleted_at !== null) throw notFound(M.commentNotFound);
    if (comment.user_id === userId) throw new AppException(HttpStatus.BAD_REQUEST, M.reportOwn);
    await this.rateLimit.enforce('comment-report', COMMENT_RULES.reportRateLimit, String(userId));
    const stored = await this.comments.insertReport({ commentId, reporterId: userId, ...report, commentText: comment.text });
    if (!stored) throw new AppException(HttpStatus.CONFLICT, M.reportDuplicate);
  }

  /** A member's comments for their profile, newest first. */
  async memberComments(username: string, beforeId: number | null): Promise<MemberCommentPage> {
    const userId = username.length <= 40 ? await this.comments.memberId(username) : null;
    if (userId === null) throw notFound(ACCOUNT_MESSAGES.profileNotFound);
    const rows = await this.comments.byMember(userId, beforeId, COMMENT_RULES.profilePageSize + 1);
    const listed = rows.slice(0, COMMENT_RULES.profilePageSize);
    return { comments: listed, nextCursor: rows.length > listed.length ? String(listed.at(-1)!.id) : null };
  }

  private async resolve(address: TargetAddress): Promise<CommentTarget> {
    if ('slug' in address) {
      const title = await titleReferenceAt(this.dataSource, address.kind, address.slug);
      return { type: title.kind === 'film' ? COMMENT_TARGET_TYPES.film : COMMENT_TARGET_TYPES.series, titleId: title.id, episodeId: null, discussionId: null };
    }
    const row =
      address.type === COMMENT_TARGET_TYPES.episode
        ? await this.comments.episodeTarget(address.id)
        : address.type === COMMENT_TARGET_TYPES.discussion
          ? await this.comments.discussionTarget(address.id)
          : await this.comments.titleTarget(address.id);
    // Type 1 names a series or an anime, type 3 a film: a title of the other kind is not what was asked for.
    const titleType = address.type === COMMENT_TARGET_TYPES.series || address.type === COMMENT_TARGET_TYPES.film;
    const kindMatches = !titleType || (row?.kind === 'film') === (address.type === COMMENT_TARGET_TYPES.film);
    if (!row || !kindMatches) throw notFound(M.targetNotFound);
    return { type: address.type, ...placeOf(row) };
  }

  /** The page a comment was written on. */
  private async pageOf(commentId: number): Promise<CommentPlace> {
    const comment = await this.comments.find(commentId);
    if (!comment) throw notFound(M.parentNotFound);
    return placeOf(comment);
  }

  private async withReplies(viewerId: number | null, heads: CommentView[]): Promise<CommentThread[]> {
    const replies = await this.comments.replies(viewerId, heads.map((head) => head.id));
    return heads.map((head) => ({ ...head, replies: replies.filter((reply) => reply.parentId === head.id) }));
  }
}
