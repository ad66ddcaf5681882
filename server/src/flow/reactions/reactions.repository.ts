import { Injectable } from '@nestjs/common';
import { REACTION_KINDS, type ReactionCounts, type ReactionKind, type ReactionSummary } from '@seyirlik/shared-contracts';
import { DataSource, type EntityManager } from 'typeorm';

type SummaryRow = {
  post_id: string;
  counts: Record<string, number> | null;
  total: number;
  version: string;
  mine: ReactionKind | null;
};

/** The post a reaction is for, locked for it: reactions on one post take turns. */
export interface LockedPost {
  authorId: number;
}

/** What a change did: the member's reaction before and after it, and the version after. */
export interface ReactionChange {
  previous: ReactionKind | null;
  current: ReactionKind | null;
  total: number;
  version: number;
}

/** Every kind with its count, 0 for kinds nobody left. */
const fullCounts = (counts: Record<string, number> | null): Record<ReactionKind, number> =>
  Object.fromEntries(REACTION_KINDS.map((kind) => [kind, counts?.[kind] ?? 0])) as Record<ReactionKind, number>;

/** The reactions of several posts (each post asked for answers, with zeros when nobody reacted) and the viewer's own: one query. */
const SUMMARIES_SQL = `
  SELECT ids.post_id::text AS post_id,
         (SELECT json_object_agg(c.kind, c.count) FROM flow_reaction_count c WHERE c.post_id = ids.post_id AND c.count > 0) AS counts,
         coalesce(t.total, 0) AS total, coalesce(t.version, 0) AS version,
         (SELECT r.kind FROM flow_reaction r WHERE r.post_id = ids.post_id AND r.user_id = $2) AS mine
    FROM unnest($1::bigint[]) AS ids(post_id)
    JOIN flow_post f ON f.id = ids.post_id
    LEFT JOIN flow_reaction_total t ON t.post_id = ids.post_id`;

/**
 * The member's reaction and the counts in one statement, run under the post's reaction lock (see
 * lock, a statement before, so this one's snapshot sees every reaction committed before it): the
 * reaction is set, changed or removed (`$3` null), the old kind's count loses one, the new kind's
 * gains one, the total follows and `version` goes up whenever something changed.
 */
const REACT_SQL = `
  WITH previous AS (
    SELECT kind FROM flow_reaction WHERE post_id = $1 AND user_id = $2
  ),
  change AS (
    SELECT (SELECT kind FROM previous) AS old_kind, $3::text AS new_kind
  ),
  removed AS (
    DELETE FROM flow_reaction r USING change c
     WHERE r.post_id = $1 AND r.user_id = $2 AND c.new_kind IS NULL AND c.old_kind IS NOT NULL
    RETURNING r.kind
  ),
  written AS (
    INSERT INTO flow_reaction (post_id, user_id, kind) SELECT $1, $2, new_kind FROM change
     WHERE new_kind IS NOT NULL AND old_kind IS DISTINCT FROM new_kind
    ON CONFLICT (post_id, user_id) DO UPDATE SET kind = excluded.kind, reacted_at = now()
    RETURNING kind
  ),
  decremented AS (
    UPDATE flow_reaction_count n SET count = n.count - 1 FROM change c
     WHERE n.post_id = $1 AND n.kind = c.old_kind AND c.old_kind IS DISTINCT FROM c.new_kind
    RETURNING n.kind
  ),
  incremented AS (
    INSERT INTO flow_reaction_count (post_id, kind, count) SELECT $1, new_kind, 1 FROM change
     WHERE new_kind IS NOT NULL AND old_kind IS DISTINCT FROM new_kind
    ON CONFLICT (post_id, kind) DO UPDATE SET count = flow_reaction_count.count + 1
    RETURNING kind
  ),
  bumped AS (
    UPDATE flow_reaction_total t
       SET total = t.total + (CASE WHEN c.new_kind IS NULL THEN 0 ELSE 1 END) - (CASE WHEN c.old_kind IS NULL THEN 0 ELSE 1 END),
           version = t.version + 1
      FROM change c
     WHERE t.post_id = $1 AND c.old_kind IS DISTINCT FROM c.new_kind
    RETURNING t.total, t.version
  )
  SELECT c.old_kind, c.new_kind,
         coalesce((SELECT total FROM bumped), (SELECT total FROM flow_reaction_total WHERE post_id = $1)) AS total,
         coalesce((SELECT version FROM bumped), (SELECT version FROM flow_reaction_total WHERE post_id = $1)) AS version,
         (SELECT count(*) FROM removed) + (SELECT count(*) FROM written) + (SELECT count(*) FROM decremented) + (SELECT count(*) FROM incremented) AS rows_written
    FROM change c`;

/** Every query of reactions. */
@Injectable()
export class ReactionsRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** The reactions of these posts (missing posts left out), each with `viewerId`'s own. */
  async summaries(postIds: ReadonlyArray<string | number>, viewerId: number | null): Promise<Map<string, ReactionSummary>> {
    if (postIds.length === 0) return new Map();
    const rows = (await this.dataSource.query(SUMMARIES_SQL, [postIds.map(String), viewerId])) as SummaryRow[];
    return new Map(rows.map((row) => [row.post_id, { counts: fullCounts(row.counts), total: row.total, mine: row.mine, version: Number(row.version) }]));
  }

  /** The committed counts of these posts, for a push. */
  async counts(postIds: readonly string[]): Promise<Map<string, ReactionCounts>> {
    const summaries = await this.summaries(postIds, null);
    return new Map([...summaries].map(([postId, { counts, total, version }]) => [postId, { postId: Number(postId), counts, total, version }]));
  }

  /**
   * Takes the post's reaction lock (its flow_reaction_total row, made by the first reaction) in
   * `manager`'s transaction; null when there is no such post.
   */
  async lock(manager: EntityManager, postId: number): Promise<LockedPost | null> {
    const [row] = (await manager.query(
      `WITH post AS (SELECT id, author_id FROM flow_post WHERE id = $1),
       locked AS (
         INSERT INTO flow_reaction_total (post_id) SELECT id FROM post
         ON CONFLICT (post_id) DO UPDATE SET version = flow_reaction_total.version
         RETURNING post_id
       )
       SELECT post.author_id FROM post JOIN locked ON locked.post_id = post.id`,
      [postId],
    )) as Array<{ author_id: number }>;
    return row ? { authorId: row.author_id } : null;
  }

  /** Sets (`kind`) or removes (null) the member's reaction with the counts (see REACT_SQL); the post must be locked by `manager`'s transaction. */
  async react(manager: EntityManager, postId: number, userId: number, kind: ReactionKind | null): Promise<ReactionChange> {
    const [row] = (await manager.query(REACT_SQL, [postId, userId, kind])) as Array<{
      old_kind: ReactionKind | null;
      new_kind: ReactionKind | null;
      total: number;
      version: string;
    }>;
    return { previous: row!.old_kind, current: row!.new_kind, total: row!.total, version: Number(row!.version) };
  }
}
