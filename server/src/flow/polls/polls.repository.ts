import { Injectable } from '@nestjs/common';
import type { PollResults, PollView, ValidPoll } from '@seyirlik/shared-contracts';
import { DataSource, type EntityManager } from 'typeorm';
import { PreparedStatement } from '../../platform/database/prepared-statement';
import type { GroupRole } from '../groups';

type PollRow = {
  post_id: string;
  question: string;
  closes_at: Date | null;
  closed: boolean;
  total: number;
  version: string;
  options: Array<{ id: number; label: string; votes: number }>;
  my_option_id: string | null;
};

/** What a vote did: the option voted for before (null for a first vote) and the counts' version after. */
export interface VoteOutcome {
  previousOptionId: number | null;
  total: number;
  version: number;
}

const toResults = (row: PollRow): PollResults => ({
  postId: Number(row.post_id),
  options: row.options.map(({ id, votes }) => ({ id: Number(id), votes })),
  total: row.total,
  version: Number(row.version),
});

const toView = (row: PollRow): PollView => ({
  postId: Number(row.post_id),
  question: row.question,
  options: row.options.map(({ id, label, votes }) => ({ id: Number(id), label, votes })),
  total: row.total,
  closesAt: row.closes_at?.toISOString() ?? null,
  closed: row.closed,
  myOptionId: row.my_option_id === null ? null : Number(row.my_option_id),
  version: Number(row.version),
});

/** Polls of several posts with their options in order and the viewer's vote: one query for a page of posts. */
const POLLS_SQL = `
  SELECT p.post_id, p.question, p.closes_at, (p.closes_at IS NOT NULL AND p.closes_at <= now()) AS closed, p.total, p.version,
         (SELECT json_agg(json_build_object('id', o.id, 'label', o.label, 'votes', o.votes) ORDER BY o.position)
            FROM poll_option o WHERE o.post_id = p.post_id) AS options,
         (SELECT v.option_id FROM poll_vote v WHERE v.post_id = p.post_id AND v.user_id = $2) AS my_option_id
    FROM poll p WHERE p.post_id = ANY($1::bigint[])`;

/** What a vote came to: done (with what it did), or why not (`refused`: the member's role in the post's group). */
export type VoteAttempt =
  | ({ outcome: 'done' } & VoteOutcome)
  | { outcome: 'not-found' | 'closed' | 'option' | 'refused'; groupRole: GroupRole | null };

const CAST_VOTE = new PreparedStatement<{
  outcome: 'done' | 'not-found' | 'closed' | 'option' | 'refused';
  group_role: GroupRole | null;
  old_option: string | null;
  total: number | null;
  version: string | null;
}>('polls_cast_vote', 'SELECT outcome, group_role, old_option, total, version FROM flow_poll_vote($1, $2, $3, $4, $5)');

/** Every query of polls. */
@Injectable()
export class PollsRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** Stores a poll of the post with its options in the order given, in the caller's transaction. */
  async insert(manager: EntityManager, postId: string | number, poll: ValidPoll): Promise<void> {
    await manager.query('INSERT INTO poll (post_id, question, closes_at) VALUES ($1, $2, $3)', [postId, poll.question, poll.closesAt]);
    await manager.query(
      'INSERT INTO poll_option (post_id, position, label) SELECT $1, position - 1, label FROM unnest($2::text[]) WITH ORDINALITY AS a(label, position)',
      [postId, poll.answers],
    );
  }

  /** The polls of these posts (posts without one are left out), each with `viewerId`'s vote. */
  async views(postIds: ReadonlyArray<string | number>, viewerId: number | null): Promise<Map<string, PollView>> {
    if (postIds.length === 0) return new Map();
    const rows = (await this.dataSource.query(POLLS_SQL, [postIds.map(String), viewerId])) as PollRow[];
    return new Map(rows.map((row) => [String(row.post_id), toView(row)]));
  }

  /** The committed counts of these posts' polls, for a push. */
  async results(postIds: readonly string[]): Promise<Map<string, PollResults>> {
    if (postIds.length === 0) return new Map();
    const rows = (await this.dataSource.query(POLLS_SQL, [postIds, null])) as PollRow[];
    return new Map(rows.map((row) => [String(row.post_id), toResults(row)]));
  }

  /**
   * The member's vote for `optionId` in one call (flow_poll_vote: the poll's lock, the checks, the
   * vote with its counts and, for a first vote, the `poll.voted` event), committed on return.
   */
  async castVote(postId: number, userId: number, optionId: number, groupId: number | null, link: string): Promise<VoteAttempt> {
    const [row] = await CAST_VOTE.run(this.dataSource, [postId, userId, optionId, groupId, link]);
    if (!row) return { outcome: 'not-found', groupRole: null };
    if (row.outcome !== 'done') return { outcome: row.outcome, groupRole: row.group_role };
    return { outcome: 'done', previousOptionId: row.old_option === null ? null : Number(row.old_option), total: row.total!, version: Number(row.version) };
  }
}
