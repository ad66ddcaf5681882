import { Injectable } from '@nestjs/common';
import {
  commentAnchor,
  discussionPath,
  titlePath,
  watchPath,
  type CommentCursor,
  type CommentLikeState,
  type CommentOrder,
  type CommentReportReason,
  type CommentView,
  type MemberComment,
  type TitleKind,
} from '@seyirlik/shared-contracts';
import { DataSource, type EntityManager } from 'typeorm';
import { toMemberCard } from '../accounts';
import { airedSql } from '../catalog';

/** Where comments are listed: a title's page (its comments and its episodes'), an episode's page or a forum topic. */
export interface CommentScope {
  column: 'title_id' | 'episode_id' | 'discussion_id';
  id: number;
}

/** A comment's own columns, as the checks before a write read them. */
export interface CommentRow {
  id: number;
  user_id: number;
  parent_id: number | null;
  title_id: number | null;
  episode_id: number | null;
  discussion_id: number | null;
  /** The second of its episode a timed comment is pinned to; null for an ordinary comment. */
  position_seconds: number | null;
  text: string;
  deleted_at: Date | null;
}

/** A title, episode or forum topic comments can be written on. */
export interface TargetRow {
  title_id: number | null;
  kind: TitleKind | null;
  episode_id: number | null;
  discussion_id: number | null;
}

interface ViewRow {
  id: number;
  parent_id: number | null;
  title_id: number | null;
  episode_id: number | null;
  discussion_id: number | null;
  text: string;
  spoiler: boolean;
  like_count: number;
  like_version: number;
  created_at: Date;
  deleted_at: Date | null;
  author_id: number;
  username: string;
  profile_name: string;
  avatar_id: string | null;
  kind: TitleKind | null;
  slug: string | null;
  season_number: number | null;
  episode_number: number | null;
  liked: boolean;
}

/** $1 is the viewer (null for a visitor), whose likes `liked` reports. */
const VIEW_SELECT = `
  SELECT c.id, c.parent_id, c.title_id, c.episode_id, c.discussion_id, c.text, c.spoiler, c.like_count, c.like_version, c.created_at, c.deleted_at,
         u.id AS author_id, u.username, u.profile_name, u.avatar_id, t.kind, t.slug,
         s.number AS season_number, e.number AS episode_number,
         EXISTS (SELECT 1 FROM comment_like l WHERE l.comment_id = c.id AND l.user_id = $1::integer) AS liked
  FROM comment c
  JOIN app_user u ON u.id = c.user_id
  LEFT JOIN title t ON t.id = c.title_id
  LEFT JOIN episode e ON e.id = c.episode_id
  LEFT JOIN season s ON s.id = e.season_id`;

/** A deleted thread head stays listed while a reply under it is not deleted; timed comments are the lane's, never listed. */
const LISTED_HEAD = `c.parent_id IS NULL AND c.position_seconds IS NULL
  AND (c.deleted_at IS NULL OR EXISTS (SELECT 1 FROM comment r WHERE r.parent_id = c.id AND r.deleted_at IS NULL))`;

const ORDER_BY: Record<CommentOrder, string> = { newest: 'c.id DESC', liked: 'c.like_count DESC, c.id DESC' };

/** CommentRow's columns. */
const ROW_COLUMNS = 'id, user_id, parent_id, title_id, episode_id, discussion_id, position_seconds, text, deleted_at';

/** TypeORM answers UPDATE and DELETE as [rows, affected]. */
const changed = <T>(result: unknown) => result as [T[], number];

/** The page a comment is on: its forum topic's, its episode's watch page, or its title's page. */
export function commentPagePath(row: {
  discussion_id?: number | null;
  kind: TitleKind | null;
  slug: string | null;
  season_number: number | null;
  episode_number: number | null;
}): string {
  if (row.discussion_id != null || row.kind === null || row.slug === null) return discussionPath(row.discussion_id!);
  return row.season_number !== null && row.episode_number !== null
    ? watchPath({ kind: row.kind, slug: row.slug, season: row.season_number, episode: row.episode_number })
    : titlePath({ kind: row.kind, slug: row.slug });
}

function toView(row: ViewRow): CommentView {
  const deleted = row.deleted_at !== null;
  return {
    id: row.id,
    parentId: row.parent_id,
    titleId: row.title_id,
    discussionId: row.discussion_id,
    episode:
      row.episode_id !== null && row.season_number !== null && row.episode_number !== null
        ? { id: row.episode_id, season: row.season_number, number: row.episode_number, path: commentPagePath(row) }
        : null,
    author: deleted
      ? null
      : toMemberCard({ id: row.author_id, username: row.username, profile_name: row.profile_name, avatar_id: row.avatar_id }),
    text: deleted ? '' : row.text,
    spoiler: row.spoiler,
    likeCount: row.like_count,
    likesVersion: row.like_version,
    liked: row.liked,
    deleted,
    createdAt: new Date(row.created_at).toISOString(),
  };
}

/** Every SQL of comments, likes and reports. */
@Injectable()
export class CommentsRepository {
  constructor(private readonly dataSource: DataSource) {}

  async titleTarget(titleId: number): Promise<TargetRow | null> {
    const [row] = (await this.dataSource.query(
      'SELECT id AS title_id, kind, NULL::integer AS episode_id, NULL::integer AS discussion_id FROM title WHERE id = $1',
      [titleId],
    )) as TargetRow[];
    return row ?? null;
  }

  async discussionTarget(discussionId: number): Promise<TargetRow | null> {
    const [row] = (await this.dataSource.query(
      'SELECT NULL::integer AS title_id, NULL::text AS kind, NULL::integer AS episode_id, id AS discussion_id FROM discussion WHERE id = $1',
      [discussionId],
    )) as TargetRow[];
    return row ?? null;
  }

  /** An aired episode of a series or an anime (a film's episode is the film: its comments go to the film). */
  async episodeTarget(episodeId: number): Promise<TargetRow | null> {
    const [row] = (await this.dataSource.query(
      `SELECT e.title_id, t.kind, e.id AS episode_id, NULL::integer AS discussion_id FROM episode e JOIN title t ON t.id = e.title_id
       WHERE e.id = $1 AND t.kind <> 'film' AND ${airedSql('e')}`,
      [episodeId],
    )) as TargetRow[];
    return row ?? null;
  }

  /** One page of thread heads, after `cursor` in `order`; one more than `limit` tells whether more follow. */
  async heads(viewerId: number | null, scope: CommentScope, order: CommentOrder, cursor: CommentCursor | null, limit: number): Promise<CommentView[]> {
    const params: unknown[] = [viewerId, scope.id, limit];
    let after = '';
    if (cursor !== null && order === 'liked') {
      params.push(cursor.likeCount ?? 0, cursor.id);
      after = 'AND (c.like_count, c.id) < ($4::integer, $5::integer)';
    } else if (cursor !== null) {
      params.push(cursor.id);
      after = 'AND c.id < $4::integer';
    }
    const rows = (await this.dataSource.query(
      `${VIEW_SELECT} WHERE c.${scope.column} = $2 AND ${LISTED_HEAD} ${after} ORDER BY ${ORDER_BY[order]} LIMIT $3`,
      params,
    )) as ViewRow[];
    return rows.map(toView);
  }

  /** The legacy list's page: newest first, by offset. */
  async headsAt(viewerId: number | null, scope: CommentScope, offset: number, limit: number): Promise<CommentView[]> {
    const rows = (await this.dataSource.query(
      `${VIEW_SELECT} WHERE c.${scope.column} = $2 AND ${LISTED_HEAD} ORDER BY c.id DESC OFFSET $3 LIMIT $4`,
      [viewerId, scope.id, offset, limit],
    )) as ViewRow[];
    return rows.map(toView);
  }

  /** The replies under these heads that are not deleted, oldest first. */
  async replies(viewerId: number | null, headIds: number[]): Promise<CommentView[]> {
    if (headIds.length === 0) return [];
    const rows = (await this.dataSource.query(
      `${VIEW_SELECT} WHERE c.parent_id = ANY($2::integer[]) AND c.deleted_at IS NULL ORDER BY c.id`,
      [viewerId, headIds],
    )) as ViewRow[];
    return rows.map(toView);
  }

  /** Comments and replies in the scope that are not deleted (timed comments are not counted). */
  async count(scope: CommentScope): Promise<number> {
    const [row] = (await this.dataSource.query(
      `SELECT count(*)::integer AS n FROM comment WHERE ${scope.column} = $1 AND deleted_at IS NULL AND position_seconds IS NULL`,
      [scope.id],
    )) as Array<{ n: number }>;
    return row!.n;
  }

  /** A comment as everyone sees it, and the page it is on with its anchor; `manager` reads inside a transaction. */
  async viewWithLink(commentId: number, manager: EntityManager = this.dataSource.manager): Promise<{ view: CommentView; link: string } | null> {
    const [row] = (await manager.query(`${VIEW_SELECT} WHERE c.id = $2`, [null, commentId])) as ViewRow[];
    return row ? { view: toView(row), link: `${commentPagePath(row)}#${commentAnchor(row.id)}` } : null;
  }

  async find(commentId: number): Promise<CommentRow | null> {
    const [row] = (await this.dataSource.query(
      `SELECT ${ROW_COLUMNS} FROM comment WHERE id = $1`,
      [commentId],
    )) as CommentRow[];
    return row ?? null;
  }

  /**
   * Reads a comment and locks its row for the rest of the transaction: `share` keeps it from being
   * deleted while a reply is written under it; `update` serialises likes and deletion.
   */
  async lock(manager: EntityManager, commentId: number, mode: 'share' | 'update'): Promise<CommentRow | null> {
    const [row] = (await manager.query(
      `SELECT ${ROW_COLUMNS} FROM comment WHERE id = $1 FOR ${mode === 'share' ? 'SHARE' : 'NO KEY UPDATE'}`,
      [commentId],
    )) as CommentRow[];
    return row ?? null;
  }

  /**
   * Inserts a comment and answers its id; null when the member already stored one under the same
   * `clientKey` (a concurrent send of it waits for the other to commit, then inserts nothing).
   */
  async insert(
    manager: EntityManager,
    comment: {
      userId: number;
      titleId: number | null;
      episodeId: number | null;
      discussionId: number | null;
      parentId: number | null;
      positionSeconds: number | null;
      text: string;
      spoiler: boolean;
      clientKey: string | null;
    },
  ): Promise<number | null> {
    const [row] = (await manager.query(
      `INSERT INTO comment (user_id, title_id, episode_id, discussion_id, parent_id, position_seconds, text, spoiler, client_key)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
       ON CONFLICT (user_id, client_key) WHERE client_key IS NOT NULL DO NOTHING RETURNING id`,
      [
        comment.userId,
        comment.titleId,
        comment.episodeId,
        comment.discussionId,
        comment.parentId,
        comment.positionSeconds,
        comment.text,
        comment.spoiler,
        comment.clientKey,
      ],
    )) as Array<{ id: number }>;
    return row?.id ?? null;
  }

  /** The comment the member stored under a send's idempotency key, if any. */
  async findBySendKey(userId: number, clientKey: string): Promise<CommentRow | null> {
    const [row] = (await this.dataSource.query(
      `SELECT ${ROW_COLUMNS} FROM comment WHERE user_id = $1 AND client_key = $2`,
      [userId, clientKey],
    )) as CommentRow[];
    return row ?? null;
  }

  /** Adds the member's like, or takes it back if there was one; answers whether they now like it and the count. */
  async toggleLike(manager: EntityManager, commentId: number, userId: number): Promise<CommentLikeState> {
    const [, removed] = changed(await manager.query('DELETE FROM comment_like WHERE comment_id = $1 AND user_id = $2', [commentId, userId]));
    if (!removed) await manager.query('INSERT INTO comment_like (comment_id, user_id) VALUES ($1, $2)', [commentId, userId]);
    const [[row]] = changed<{ like_count: number; like_version: number }>(
      await manager.query('UPDATE comment SET like_count = like_count + $2, like_version = like_version + 1 WHERE id = $1 RETURNING like_count, like_version', [
        commentId,
        removed ? -1 : 1,
      ]),
    );
    return { liked: !removed, likeCount: row!.like_count, likesVersion: row!.like_version };
  }

  /** Marks the comment deleted and empties its text; answers whether replies under it remain. */
  async markDeleted(manager: EntityManager, commentId: number): Promise<boolean> {
    await manager.query("UPDATE comment SET deleted_at = now(), text = '' WHERE id = $1", [commentId]);
    const [row] = (await manager.query('SELECT EXISTS (SELECT 1 FROM comment WHERE parent_id = $1 AND deleted_at IS NULL) AS has_replies', [
      commentId,
    ])) as Array<{ has_replies: boolean }>;
    return row!.has_replies;
  }

  /** Stores a report with a copy of the text reported; false when the member has an open report on it already. */
  async insertReport(report: { commentId: number; reporterId: number; reason: CommentReportReason; description: string; commentText: string }): Promise<boolean> {
    const rows = (await this.dataSource.query(
      `INSERT INTO comment_report (comment_id, reporter_id, reason, description, comment_text) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (comment_id, reporter_id) WHERE status = 'open' DO NOTHING RETURNING id`,
      [report.commentId, report.reporterId, report.reason, report.description, report.commentText],
    )) as Array<{ id: number }>;
    return rows.length === 1;
  }

  /** The member's id by user name, ignoring case. */
  async memberId(username: string): Promise<number | null> {
    const [row] = (await this.dataSource.query('SELECT id FROM app_user WHERE lower(username) = lower($1)', [username])) as Array<{ id: number }>;
    return row?.id ?? null;
  }

  /** A member's comments that are not deleted and not timed (on titles, episodes and forum topics), newest first, before comment `beforeId`. */
  async byMember(userId: number, beforeId: number | null, limit: number): Promise<MemberComment[]> {
    const rows = (await this.dataSource.query(
      `SELECT c.id, c.parent_id, c.text, c.spoiler, c.like_count, c.created_at, t.kind, t.slug, t.name,
              s.number AS season_number, e.number AS episode_number, c.discussion_id, d.title AS topic_title
       FROM comment c LEFT JOIN title t ON t.id = c.title_id LEFT JOIN discussion d ON d.id = c.discussion_id
       LEFT JOIN episode e ON e.id = c.episode_id LEFT JOIN season s ON s.id = e.season_id
       WHERE c.user_id = $1 AND c.deleted_at IS NULL AND c.position_seconds IS NULL AND ($2::integer IS NULL OR c.id < $2)
       ORDER BY c.id DESC LIMIT $3`,
      [userId, beforeId, limit],
    )) as Array<{
      id: number;
      parent_id: number | null;
      text: string;
      spoiler: boolean;
      like_count: number;
      created_at: Date;
      kind: TitleKind | null;
      slug: string | null;
      name: string | null;
      season_number: number | null;
      episode_number: number | null;
      discussion_id: number | null;
      topic_title: string | null;
    }>;
    return rows.map((row) => ({
      id: row.id,
      isReply: row.parent_id !== null,
      text: row.text,
      spoiler: row.spoiler,
      likeCount: row.like_count,
      createdAt: new Date(row.created_at).toISOString(),
      title: row.kind !== null && row.slug !== null && row.name !== null ? { kind: row.kind, slug: row.slug, name: row.name } : null,
      ...(row.discussion_id !== null && row.topic_title !== null ? { topic: { id: row.discussion_id, title: row.topic_title } } : {}),
      episode: row.season_number !== null && row.episode_number !== null ? { season: row.season_number, number: row.episode_number } : null,
      link: `${commentPagePath(row)}#${commentAnchor(row.id)}`,
    }));
  }
}
