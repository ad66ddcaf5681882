import { Injectable } from '@nestjs/common';
import type { PollResults, PollView, ValidPoll } from '@seyirlik/shared-contracts';
import { DataSource, type EntityManager } from 'typeorm';

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

/** The poll a vote is for, locked for the vote (FOR UPDATE): votes on one poll take turns. */
export interface LockedPoll {
  authorId: number;
  groupId: number | null;
  closed: boolean;
  /** Whether the chosen option is one of this poll's. */
  optionInPoll: boolean;
}

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

/**
 * A member's vote and the counts, in one statement run under the poll's lock (see lockForVote,
 * a statement before, so this one's snapshot sees every vote committed before it): the vote is
 * written or moved, the old option loses one, the new one gains one, `total` grows on a first vote
 * and `version` goes up whenever something changed. `$1` post, `$2` member, `$3` option.
 */
const VOTE_SQL = `
  WITH previous AS (
    SELECT option_id FROM poll_vote WHERE post_id = $1 AND user_id = $2
  ),
  change AS (
    SELECT (SELECT option_id FROM previous) AS old_option, $3::bigint AS new_option
  ),
  vote AS (
    INSERT INTO poll_vote (post_id, user_id, option_id) SELECT $1, $2, new_option FROM change WHERE old_option IS DISTINCT FROM new_option
    ON CONFLICT (post_id, user_id) DO UPDATE SET option_id = excluded.option_id, voted_at = now()
    RETURNING option_id
  ),
  counted AS (
    UPDATE poll_option o
       SET votes = o.votes + (CASE WHEN o.id = c.new_option THEN 1 ELSE 0 END) - (CASE WHEN o.id = c.old_option THEN 1 ELSE 0 END)
      FROM change c
     WHERE o.post_id = $1 AND c.old_option IS DISTINCT FROM c.new_option AND (o.id = c.new_option OR o.id = c.old_option)
    RETURNING o.id
  ),
  bumped AS (
    UPDATE poll p SET total = p.total + (CASE WHEN c.old_option IS NULL THEN 1 ELSE 0 END), version = p.version + 1
      FROM change c
     WHERE p.post_id = $1 AND c.old_option IS DISTINCT FROM c.new_option
    RETURNING p.total, p.version
  )
  SELECT c.old_option,
         coalesce((SELECT total FROM bumped), (SELECT total FROM poll WHERE post_id = $1)) AS total,
         coalesce((SELECT version FROM bumped), (SELECT version FROM poll WHERE post_id = $1)) AS version,
         (SELECT count(*) FROM vote) AS written_votes, (SELECT count(*) FROM counted) AS counted_options
    FROM change c`;

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

  /** Locks the post's poll for a vote (null when the post has none). */
  async lockForVote(manager: EntityManager, postId: number, optionId: number): Promise<LockedPoll | null> {
    const [row] = (await manager.query(
      `SELECT f.author_id, f.group_id, (p.closes_at IS NOT NULL AND p.closes_at <= now()) AS closed,
              EXISTS (SELECT 1 FROM poll_option o WHERE o.post_id = p.post_id AND o.id = $2) AS option_in_poll
         FROM poll p JOIN flow_post f ON f.id = p.post_id WHERE p.post_id = $1 FOR UPDATE OF p`,
      [postId, optionId],
    )) as Array<{ author_id: number; group_id: number | null; closed: boolean; option_in_poll: boolean }>;
    return row ? { authorId: row.author_id, groupId: row.group_id, closed: row.closed, optionInPoll: row.option_in_poll } : null;
  }

  /** Writes the member's vote and the counts (see VOTE_SQL); the poll must be locked by `manager`'s transaction. */
  async vote(manager: EntityManager, postId: number, userId: number, optionId: number): Promise<VoteOutcome> {
    const [row] = (await manager.query(VOTE_SQL, [postId, userId, optionId])) as Array<{ old_option: string | null; total: number; version: string }>;
    return { previousOptionId: row!.old_option === null ? null : Number(row!.old_option), total: row!.total, version: Number(row!.version) };
  }
}
