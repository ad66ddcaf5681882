import { Injectable } from '@nestjs/common';
import type { TimedComment, TimedCommentWindow } from '@seyirlik/shared-contracts';
import { DataSource } from 'typeorm';
import { memberCardColumns, toMemberCard, type MemberCardRow } from '../accounts';
import { airedSql } from '../catalog';
import { PreparedStatement } from '../platform/database/prepared-statement';

/** An aired episode (a film's one episode too) timed comments can be pinned to. */
export interface TimedTarget {
  title_id: number;
  episode_id: number;
  duration_seconds: number;
}

/** Timed comments of the lane: on the episode, not deleted (comment_timed_idx holds exactly these). */
const LANE = 'c.episode_id = e.id AND c.position_seconds IS NOT NULL AND c.deleted_at IS NULL';

type WindowRow = Partial<MemberCardRow> & { comment_id: number | null; position_seconds: number | null; text: string | null; created_at: Date | null };

/**
 * The comments of seconds [$2, $3) of episode $1, by second then id, after comment $4 at second $2
 * when given, at most $5. The aired episode gives one row even when the window is empty (NULL
 * comment columns), none when it is not there: one round trip answers both.
 */
const WINDOW = new PreparedStatement<WindowRow>(
  'comments.timed-window',
  `SELECT w.comment_id, w.position_seconds, w.text, w.created_at, ${memberCardColumns('u')}
     FROM episode e
     LEFT JOIN LATERAL (
       SELECT c.id AS comment_id, c.position_seconds, c.text, c.created_at, c.user_id FROM comment c
        WHERE ${LANE} AND c.position_seconds >= $2 AND c.position_seconds < $3
          AND ($4::integer IS NULL OR c.position_seconds > $2 OR c.id > $4)
        ORDER BY c.position_seconds, c.id LIMIT $5
     ) w ON true
     LEFT JOIN app_user u ON u.id = w.user_id
    WHERE e.id = $1 AND ${airedSql('e')}
    ORDER BY w.position_seconds, w.comment_id`,
);

/**
 * The heat strip of episode $1: its timed comments counted in $2 equal parts of its length, one
 * row per part that has any (and one row with NULL counts when none has), read from the lane's
 * index alone; no row when the episode is not there.
 */
const HEAT = new PreparedStatement<{ duration_seconds: number; bucket: number | null; n: number | null }>(
  'comments.timed-heat',
  `SELECT e.duration_seconds, h.bucket, h.n
     FROM episode e
     LEFT JOIN LATERAL (
       SELECT least(c.position_seconds * $2 / e.duration_seconds, $2 - 1) AS bucket, count(*)::integer AS n
         FROM comment c WHERE ${LANE} GROUP BY 1
     ) h ON true
    WHERE e.id = $1 AND ${airedSql('e')}`,
);

/** The SQL of the timed comments' lane and heat strip; they are written by CommentsRepository.insert like any comment. */
@Injectable()
export class TimedCommentsRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** An aired episode, a film's included, with its length. */
  async target(episodeId: number): Promise<TimedTarget | null> {
    const [row] = (await this.dataSource.query(`SELECT e.title_id, e.id AS episode_id, e.duration_seconds FROM episode e WHERE e.id = $1 AND ${airedSql('e')}`, [
      episodeId,
    ])) as TimedTarget[];
    return row ?? null;
  }

  /** A window of the lane; null when the episode is not there (or not aired). */
  async window(episodeId: number, from: number, to: number, after: number | null, limit: number): Promise<TimedCommentWindow | null> {
    const rows = await WINDOW.run(this.dataSource, [episodeId, from, to, after, limit + 1]);
    if (rows.length === 0) return null;
    const comments = rows.filter((row) => row.comment_id !== null).map(toTimedComment);
    return { comments: comments.slice(0, limit), hasMore: comments.length > limit };
  }

  /** Counts per part of the episode; null when the episode is not there. */
  async heat(episodeId: number, buckets: number): Promise<{ durationSeconds: number; buckets: number[] } | null> {
    const rows = await HEAT.run(this.dataSource, [episodeId, buckets]);
    if (rows.length === 0) return null;
    const counts = new Array<number>(buckets).fill(0);
    for (const row of rows) if (row.bucket !== null) counts[row.bucket] = row.n!;
    return { durationSeconds: rows[0]!.duration_seconds, buckets: counts };
  }
}

function toTimedComment(row: WindowRow): TimedComment {
  return {
    id: row.comment_id!,
    positionSeconds: row.position_seconds!,
    author: toMemberCard(row as MemberCardRow),
    text: row.text!,
    createdAt: new Date(row.created_at!).toISOString(),
  };
}
