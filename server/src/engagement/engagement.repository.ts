import { Injectable } from '@nestjs/common';
import { ENGAGEMENT_RULES, type MemberList, type MemberListFilter, type SourceIssue, type SourceIssueStatus, type TitleKind } from '@seyirlik/shared-contracts';
import { DataSource } from 'typeorm';
import { airedSql, titleCardColumns, type TitleCardSource } from '../catalog';

/** A title of a member's list, with what the list says about it. */
export type MemberListRow = TitleCardSource & {
  /** The continue-watching list's episode and position; null in the other lists. */
  season: number | null;
  episode: number | null;
  positionSeconds: number | null;
};

const CARD = titleCardColumns('t');
const NO_POSITION = 'NULL::integer AS season, NULL::integer AS episode, NULL::integer AS "positionSeconds"';
const KIND_FILTER = '($2::text IS NULL OR t.kind = $2)';

/** Each list's query: $1 the member, $2 the title kind or null, $3 the limit. */
const LIST_SQL: Record<MemberList, string> = {
  favorites: `SELECT ${CARD}, ${NO_POSITION} FROM title_favorite m JOIN title t ON t.id = m.title_id
              WHERE m.user_id = $1 AND ${KIND_FILTER} ORDER BY m.created_at DESC, t.id DESC LIMIT $3`,
  following: `SELECT ${CARD}, ${NO_POSITION} FROM title_follow m JOIN title t ON t.id = m.title_id
              WHERE m.user_id = $1 AND ${KIND_FILTER} ORDER BY m.created_at DESC, t.id DESC LIMIT $3`,
  watched: `SELECT ${CARD}, ${NO_POSITION} FROM (
              SELECT e.title_id, max(w.watched_at) AS last_at FROM watched_episode w JOIN episode e ON e.id = w.episode_id
              WHERE w.user_id = $1 GROUP BY e.title_id
            ) m JOIN title t ON t.id = m.title_id
            WHERE ${KIND_FILTER} ORDER BY m.last_at DESC, t.id DESC LIMIT $3`,
  continue: `SELECT ${CARD}, m.season, m.episode, m.position_seconds AS "positionSeconds" FROM (
               SELECT DISTINCT ON (e.title_id) e.title_id, s.number AS season, e.number AS episode, c.position_seconds, c.updated_at, c.id
               FROM continue_watching c JOIN episode e ON e.id = c.episode_id JOIN season s ON s.id = e.season_id
               WHERE c.user_id = $1
               ORDER BY e.title_id, c.updated_at DESC, c.id DESC
             ) m JOIN title t ON t.id = m.title_id
             WHERE ${KIND_FILTER} ORDER BY m.updated_at DESC, m.id DESC LIMIT $3`,
};

/** The SQL of `getList`, `addClap` and `actionData`. */
@Injectable()
export class EngagementRepository {
  constructor(private readonly dataSource: DataSource) {}

  async memberList(userId: number, list: MemberList, filter: MemberListFilter): Promise<MemberListRow[]> {
    const kind: TitleKind | null = filter === 'all' ? null : filter;
    return (await this.dataSource.query(LIST_SQL[list], [userId, kind, ENGAGEMENT_RULES.listLimit])) as MemberListRow[];
  }

  /**
   * Claps for an aired episode once per member, in one statement: `found` whether the episode
   * exists and has aired, `added` whether this call counted, `count` the episode's claps now.
   */
  async clap(userId: number, episodeId: number): Promise<{ found: boolean; added: boolean; count: number }> {
    const [row] = (await this.dataSource.query(
      `WITH target AS (SELECT e.id FROM episode e WHERE e.id = $1 AND ${airedSql('e')}),
            added AS (INSERT INTO episode_clap (episode_id, user_id) SELECT id, $2 FROM target ON CONFLICT DO NOTHING RETURNING 1)
       SELECT EXISTS (SELECT 1 FROM target) AS found, EXISTS (SELECT 1 FROM added) AS added,
              (SELECT count(*) FROM episode_clap WHERE episode_id = $1)::int AS before`,
      [episodeId, userId],
    )) as Array<{ found: boolean; added: boolean; before: number }>;
    // The statement's count does not see its own insert.
    return { found: row!.found, added: row!.added, count: row!.before + (row!.added ? 1 : 0) };
  }

  /** Stores a report on the aired video group `hash` once per member and problem: `found` the group, `added` whether it is new. */
  async reportSourceIssue(userId: number, hash: string, issue: SourceIssue, status: SourceIssueStatus): Promise<{ found: boolean; added: boolean }> {
    const [row] = (await this.dataSource.query(
      `WITH target AS (SELECT g.id FROM video_group g JOIN episode e ON e.id = g.episode_id WHERE g.hash = $1 AND ${airedSql('e')}),
            added AS (INSERT INTO source_issue_report (video_group_id, user_id, issue, player_status)
                      SELECT id, $2, $3, $4 FROM target ON CONFLICT DO NOTHING RETURNING 1)
       SELECT EXISTS (SELECT 1 FROM target) AS found, EXISTS (SELECT 1 FROM added) AS added`,
      [hash, userId, issue, status],
    )) as Array<{ found: boolean; added: boolean }>;
    return row!;
  }
}
