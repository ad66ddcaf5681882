import { Injectable } from '@nestjs/common';
import { REACTION_KINDS, type ReactionCounts, type ReactionKind, type ReactionSummary } from '@seyirlik/shared-contracts';
import { DataSource } from 'typeorm';
import { PreparedStatement } from '../../platform/database/prepared-statement';
import type { GroupRole } from '../groups';

type SummaryRow = {
  post_id: string;
  counts: Record<string, number> | null;
  total: number;
  version: string;
  mine: ReactionKind | null;
};

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

/** What a reaction change came to: done (with what it did), or why not (`refused`: the member's role in the post's group). */
export type ReactionAttempt = ({ outcome: 'done' } & ReactionChange) | { outcome: 'not-found' | 'refused'; groupRole: GroupRole | null };

const REACT = new PreparedStatement<{
  outcome: 'done' | 'not-found' | 'refused';
  group_role: GroupRole | null;
  old_kind: ReactionKind | null;
  new_kind: ReactionKind | null;
  total: number | null;
  version: string | null;
}>('reactions_react', 'SELECT outcome, group_role, old_kind, new_kind, total, version FROM flow_react($1, $2, $3, $4)');

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
   * Sets (`kind`) or removes (null) the member's reaction in one call (flow_react: the post's
   * reaction lock, the group check, the reaction with its counts and, for a new reaction, the
   * `flow.reacted` event), committed on return.
   */
  async react(postId: number, userId: number, kind: ReactionKind | null, link: string): Promise<ReactionAttempt> {
    const [row] = await REACT.run(this.dataSource, [postId, userId, kind, link]);
    if (!row) return { outcome: 'not-found', groupRole: null };
    if (row.outcome !== 'done') return { outcome: row.outcome, groupRole: row.group_role };
    return { outcome: 'done', previous: row.old_kind, current: row.new_kind, total: row.total!, version: Number(row.version) };
  }
}
