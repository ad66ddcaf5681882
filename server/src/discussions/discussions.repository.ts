import { Injectable } from '@nestjs/common';
import {
  DISCUSSION_RULES as R,
  discussionPath,
  foldForSearch,
  titlePath,
  type DiscussionCard,
  type DiscussionCategory,
  type DiscussionListQuery,
  type DiscussionSeries,
  type DiscussionView,
  type TitleKind,
} from '@seyirlik/shared-contracts';
import { DataSource, type EntityManager } from 'typeorm';
import { memberCardColumns, toMemberCard, type MemberCardRow } from '../accounts';
import { escapeLike } from '../platform/database/sql';

/** A catalog title a topic can be about. */
export interface SeriesRow {
  id: number;
  kind: TitleKind;
  slug: string;
  name: string;
}

/** A topic's own columns, as the checks before a change read them. */
export interface LockedDiscussion {
  id: number;
  user_id: number;
  category: DiscussionCategory;
}

/** A topic as it is stored, with the category it ends up in. */
export interface DiscussionFields {
  title: string;
  text: string;
  category: DiscussionCategory;
  seriesId: number | null;
}

interface ViewRow extends MemberCardRow {
  discussion_id: number;
  title: string;
  text: string;
  category: DiscussionCategory;
  reply_count: number;
  last_activity_at: Date;
  created_at: Date;
  edited_at: Date | null;
  series_id: number | null;
  series_kind: TitleKind | null;
  series_slug: string | null;
  series_name: string | null;
}

/** A title as a topic shows it. */
export const toSeries = (row: SeriesRow): DiscussionSeries => ({ ...row, link: titlePath(row) });

const VIEW_SELECT = `
  SELECT d.id AS discussion_id, d.title, d.text, d.category, d.reply_count, d.last_activity_at, d.created_at, d.edited_at,
         t.id AS series_id, t.kind AS series_kind, t.slug AS series_slug, t.name AS series_name, ${memberCardColumns('u')}
    FROM discussion d
    JOIN app_user u ON u.id = d.user_id
    LEFT JOIN title t ON t.id = d.title_id`;

const ORDER_BY = { newest: 'd.id DESC', active: 'd.reply_count DESC, d.last_activity_at DESC, d.id DESC' } as const;

function toCard(row: ViewRow): DiscussionCard {
  return {
    id: row.discussion_id,
    link: discussionPath(row.discussion_id),
    title: row.title,
    category: row.category,
    series:
      row.series_id !== null && row.series_kind !== null && row.series_slug !== null && row.series_name !== null
        ? toSeries({ id: row.series_id, kind: row.series_kind, slug: row.series_slug, name: row.series_name })
        : null,
    author: toMemberCard(row),
    replyCount: row.reply_count,
    lastActivityAt: new Date(row.last_activity_at).toISOString(),
    createdAt: new Date(row.created_at).toISOString(),
  };
}

/** The forum's SQL. Reply counts are kept by the database itself (see the discussions migration). */
@Injectable()
export class DiscussionsRepository {
  constructor(private readonly dataSource: DataSource) {}

  async series(titleId: number, manager: EntityManager = this.dataSource.manager): Promise<SeriesRow | null> {
    const [row] = (await manager.query('SELECT id, kind, slug, name FROM title WHERE id = $1', [titleId])) as SeriesRow[];
    return row ?? null;
  }

  /** A page of topics in `order`, with the number of all that match. */
  async list(query: DiscussionListQuery): Promise<{ discussions: DiscussionCard[]; total: number; hasMore: boolean }> {
    const folded = foldForSearch(query.q);
    const params = [query.category ?? null, folded === '' ? null : `%${escapeLike(folded)}%`];
    const where = `($1::text IS NULL OR d.category = $1) AND ($2::text IS NULL OR d.search_key LIKE $2 ESCAPE '\\')`;
    const rows = (await this.dataSource.query(`${VIEW_SELECT} WHERE ${where} ORDER BY ${ORDER_BY[query.order]} LIMIT $3 OFFSET $4`, [
      ...params,
      R.pageSize + 1,
      (query.page - 1) * R.pageSize,
    ])) as ViewRow[];
    const [{ total }] = (await this.dataSource.query(`SELECT count(*)::int AS total FROM discussion d WHERE ${where}`, params)) as [{ total: number }];
    return { discussions: rows.slice(0, R.pageSize).map(toCard), total, hasMore: rows.length > R.pageSize };
  }

  async view(id: number, viewerId: number | null, manager: EntityManager = this.dataSource.manager): Promise<DiscussionView | null> {
    const [row] = (await manager.query(`${VIEW_SELECT} WHERE d.id = $1`, [id])) as ViewRow[];
    if (!row) return null;
    return { ...toCard(row), text: row.text, editedAt: row.edited_at === null ? null : new Date(row.edited_at).toISOString(), mine: row.id === viewerId };
  }

  async insert(manager: EntityManager, userId: number, fields: DiscussionFields): Promise<number> {
    const [row] = (await manager.query(
      `INSERT INTO discussion (user_id, title, text, category, title_id, search_key) VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
      [userId, fields.title, fields.text, fields.category, fields.seriesId, foldForSearch(fields.title)],
    )) as Array<{ id: number }>;
    return row!.id;
  }

  /** Reads a topic and locks it against concurrent edits and deletion for the rest of the transaction. */
  async lock(manager: EntityManager, id: number): Promise<LockedDiscussion | null> {
    const [row] = (await manager.query('SELECT id, user_id, category FROM discussion WHERE id = $1 FOR UPDATE', [id])) as LockedDiscussion[];
    return row ?? null;
  }

  async update(manager: EntityManager, id: number, fields: DiscussionFields): Promise<void> {
    await manager.query(
      `UPDATE discussion SET title = $2, text = $3, category = $4, title_id = $5, search_key = $6, edited_at = now() WHERE id = $1`,
      [id, fields.title, fields.text, fields.category, fields.seriesId, foldForSearch(fields.title)],
    );
  }

  /** Deletes the topic with its replies, their likes and reports (cascades). */
  async delete(manager: EntityManager, id: number): Promise<void> {
    await manager.query('DELETE FROM discussion WHERE id = $1', [id]);
  }
}
