import { Injectable } from '@nestjs/common';
import { SKIP_SEGMENT_RULES, type SkipSegmentKind, type SourceKind } from '@seyirlik/shared-contracts';
import { DataSource, type EntityManager } from 'typeorm';
import { airedSql } from '../catalog';
import { PreparedStatement } from '../platform/database/prepared-statement';

/** A video source of an aired episode, as markings are checked against it. */
export interface MarkableSource {
  sourceId: number;
  sourceKind: SourceKind;
  episodeId: number;
  durationSeconds: number;
}

/** A marking with the viewer's part in it. */
export interface SkipSegmentRow {
  id: number;
  kind: SkipSegmentKind;
  startSeconds: number;
  endSeconds: number;
  confirmations: number;
  rejections: number;
  /** The viewer is its author. */
  mine: boolean;
  /** The viewer's vote: true a confirmation, false a rejection, null none. */
  myVote: boolean | null;
}

/** A new marking, already checked against its source. */
export interface NewSkipSegment {
  source: MarkableSource;
  authorId: number;
  kind: SkipSegmentKind;
  startSeconds: number;
  endSeconds: number;
}

/** A marking locked for a vote, with where it is shown. */
export interface LockedSegment {
  segment: SkipSegmentRow;
  episodeId: number;
  sourceId: number;
}

const MARGIN = SKIP_SEGMENT_RULES.agreementMargin;
/** Not rejected away: still counts, so another marking of its kind may not overlap it. */
const LIVE = (alias: string) => `${alias}.confirmations - ${alias}.rejections > -${MARGIN}`;

/** The source of an aired episode, owned directly or through a video group. */
const SOURCE_FROM = `video_source s
  LEFT JOIN video_group g ON g.id = s.group_id
  JOIN episode e ON e.id = COALESCE(s.episode_id, g.episode_id)`;

const SOURCE_COLUMNS = 's.id AS "sourceId", s.kind AS "sourceKind", e.id AS "episodeId", e.duration_seconds AS "durationSeconds"';

/** A marking (`k`) with the part in it of the viewer, `$2`, whose vote is `v`. */
const SEGMENT_COLUMNS = `k.id, k.kind, k.start_seconds AS "startSeconds", k.end_seconds AS "endSeconds",
  k.confirmations, k.rejections, COALESCE(k.author_id = $2::int, false) AS mine, v.confirm AS "myVote"`;

type ListRow = MarkableSource & { [K in keyof SkipSegmentRow]: SkipSegmentRow[K] | null };

/**
 * The watch page's read of a source's markings for a viewer ($2, NULL for a visitor), with the
 * source itself (a row with NULL segment columns when it has none, none when it is not found):
 * the agreed ones for everyone, the live ones for a member, who may vote on them (and skips their own).
 */
const listStatement = new PreparedStatement<ListRow>(
  'skip-segments.list',
  `SELECT ${SOURCE_COLUMNS}, ${SEGMENT_COLUMNS}
     FROM ${SOURCE_FROM}
     LEFT JOIN skip_segment k ON k.source_id = s.id
          AND (k.confirmations - k.rejections >= ${MARGIN} OR ($2::int IS NOT NULL AND ${LIVE('k')}))
     LEFT JOIN skip_segment_vote v ON v.segment_id = k.id AND v.user_id = $2::int
    WHERE s.id = $1 AND ${airedSql('e')}
    ORDER BY k.start_seconds, k.id`,
);

/** The SQL of skip markings and their votes. */
@Injectable()
export class SkipSegmentsRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** The source with the markings `viewerId` sees (see listStatement); null for an unknown or unaired source. */
  async list(sourceId: number, viewerId: number | null): Promise<{ source: MarkableSource; segments: SkipSegmentRow[] } | null> {
    const rows = await listStatement.run(this.dataSource, [sourceId, viewerId]);
    const first = rows[0];
    if (!first) return null;
    const source: MarkableSource = { sourceId: first.sourceId, sourceKind: first.sourceKind, episodeId: first.episodeId, durationSeconds: first.durationSeconds };
    return { source, segments: rows.filter((row): row is ListRow & SkipSegmentRow => row.id !== null) };
  }

  /**
   * Locks the source of an aired episode for a new marking: markings of one source are made one at
   * a time, so two overlapping ones cannot both pass the overlap check. Null for an unknown or unaired source.
   */
  async lockSource(manager: EntityManager, sourceId: number): Promise<MarkableSource | null> {
    const rows = (await manager.query(
      `SELECT ${SOURCE_COLUMNS} FROM ${SOURCE_FROM} WHERE s.id = $1 AND ${airedSql('e')} FOR NO KEY UPDATE OF s`,
      [sourceId],
    )) as MarkableSource[];
    return rows[0] ?? null;
  }

  /**
   * Stores the marking with its author's confirmation, unless it overlaps another live marking of
   * its kind on its source (then null). Run after lockSource, in its transaction.
   */
  async insertUnlessOverlapping(manager: EntityManager, segment: NewSkipSegment): Promise<SkipSegmentRow | null> {
    const rows = (await manager.query(
      `WITH inserted AS (
         INSERT INTO skip_segment (source_id, episode_id, kind, start_seconds, end_seconds, author_id)
         SELECT $1, $2, $3, $4, $5, $6
          WHERE NOT EXISTS (
            SELECT 1 FROM skip_segment k
             WHERE k.source_id = $1 AND k.kind = $3 AND k.start_seconds < $5 AND k.end_seconds > $4 AND ${LIVE('k')})
         RETURNING *
       ),
       vote AS (INSERT INTO skip_segment_vote (segment_id, user_id, confirm) SELECT id, author_id, true FROM inserted)
       SELECT k.id, k.kind, k.start_seconds AS "startSeconds", k.end_seconds AS "endSeconds", k.confirmations, k.rejections,
              true AS mine, true AS "myVote"
         FROM inserted k`,
      [segment.source.sourceId, segment.source.episodeId, segment.kind, segment.startSeconds, segment.endSeconds, segment.authorId],
    )) as SkipSegmentRow[];
    return rows[0] ?? null;
  }

  /**
   * Locks a live marking of an aired episode for a vote by `userId`, with that member's vote so
   * far; null for an unknown, unaired or rejected-away one.
   */
  async lockSegment(manager: EntityManager, segmentId: number, userId: number): Promise<LockedSegment | null> {
    const rows = (await manager.query(
      `SELECT ${SEGMENT_COLUMNS}, k.episode_id AS "episodeId", k.source_id AS "sourceId"
         FROM skip_segment k
         JOIN episode e ON e.id = k.episode_id
         LEFT JOIN skip_segment_vote v ON v.segment_id = k.id AND v.user_id = $2
        WHERE k.id = $1 AND ${airedSql('e')} AND ${LIVE('k')}
          FOR UPDATE OF k`,
      [segmentId, userId],
    )) as Array<SkipSegmentRow & { episodeId: number; sourceId: number }>;
    const row = rows[0];
    if (!row) return null;
    const { episodeId, sourceId, ...segment } = row;
    return { segment, episodeId, sourceId };
  }

  /**
   * Stores the member's vote (a new one, or a switch from `previous`) and moves the marking's
   * counts to match. Run after lockSegment, in its transaction; answers the counts now.
   */
  async vote(manager: EntityManager, segmentId: number, userId: number, confirm: boolean, previous: boolean | null): Promise<{ confirmations: number; rejections: number }> {
    const confirmDelta = (confirm ? 1 : 0) - (previous === true ? 1 : 0);
    const rejectDelta = (confirm ? 0 : 1) - (previous === false ? 1 : 0);
    const rows = (await manager.query(
      `WITH vote AS (
         INSERT INTO skip_segment_vote (segment_id, user_id, confirm) VALUES ($1, $2, $3)
         ON CONFLICT (segment_id, user_id) DO UPDATE SET confirm = EXCLUDED.confirm, voted_at = now()
       )
       UPDATE skip_segment SET confirmations = confirmations + $4, rejections = rejections + $5
        WHERE id = $1
       RETURNING confirmations, rejections`,
      [segmentId, userId, confirm, confirmDelta, rejectDelta],
    )) as [Array<{ confirmations: number; rejections: number }>, number];
    return rows[0][0]!;
  }
}
