import { Injectable } from '@nestjs/common';
import { BADGE_IDS, type BadgeId, type MemberBadge } from '@seyirlik/shared-contracts';
import { DataSource } from 'typeorm';

/**
 * How much of an activity a member has done, for the badges that take more than one: each is one
 * query counting from the activity's own rows, so an event delivered late or twice counts the same.
 */
export type BadgeMeasure = 'commentsWritten' | 'likesReceived' | 'episodesWatched';

const MEASURES: Record<BadgeMeasure, string> = {
  /** Comments and replies the member wrote and did not delete. */
  commentsWritten: 'SELECT count(*) FROM comment c WHERE c.user_id = $1 AND c.deleted_at IS NULL',
  /** Likes other members gave the member's comments. */
  likesReceived: 'SELECT count(*) FROM comment_like l JOIN comment c ON c.id = l.comment_id WHERE c.user_id = $1 AND l.user_id <> $1',
  /** Episodes the member marked watched. */
  episodesWatched: 'SELECT count(*) FROM watched_episode w WHERE w.user_id = $1',
};

/** A badge held: which event awarded it, and the member's username (for the notification's link). */
export interface HeldBadge {
  sourceEventId: string;
  username: string;
}

/** Every query of badges. */
@Injectable()
export class BadgesRepository {
  constructor(private readonly dataSource: DataSource) {}

  /**
   * Awards `badge` to the member, stamped with the event `eventId`, when they exist, do not hold
   * it yet and (with a measure) have done at least `threshold` of it; in one statement. Answers
   * the badge as held after it (whichever event awarded it), or null when the member does not hold it.
   */
  async award(userId: number, badge: BadgeId, eventId: string, measure: { measure: BadgeMeasure; threshold: number } | null): Promise<HeldBadge | null> {
    const enough = measure ? `AND (${MEASURES[measure.measure]}) >= $4` : '';
    const [row] = (await this.dataSource.query(
      `WITH awarded AS (
         INSERT INTO member_badge (user_id, badge, source_event_id)
         SELECT $1, $2, $3 WHERE EXISTS (SELECT 1 FROM app_user u WHERE u.id = $1) ${enough}
         ON CONFLICT (user_id, badge) DO NOTHING
         RETURNING source_event_id
       ),
       held AS (
         SELECT source_event_id FROM awarded
         UNION ALL
         SELECT source_event_id FROM member_badge WHERE user_id = $1 AND badge = $2
       )
       SELECT held.source_event_id, u.username FROM held JOIN app_user u ON u.id = $1 LIMIT 1`,
      measure ? [userId, badge, eventId, measure.threshold] : [userId, badge, eventId],
    )) as Array<{ source_event_id: string; username: string }>;
    return row ? { sourceEventId: String(row.source_event_id), username: row.username } : null;
  }

  /** The member of a username (any case), or null. */
  async memberByUsername(username: string): Promise<{ id: number; username: string } | null> {
    const [row] = (await this.dataSource.query('SELECT id, username FROM app_user WHERE lower(username) = lower($1)', [username])) as Array<{
      id: number;
      username: string;
    }>;
    return row ?? null;
  }

  /** One page of the member's badges (of today's rules), newest first: `limit` from `offset`, with how many they hold. */
  async page(userId: number, offset: number, limit: number): Promise<{ badges: MemberBadge[]; total: number }> {
    const rows = (await this.dataSource.query(
      `SELECT b.badge, b.awarded_at, count(*) OVER ()::int AS total FROM member_badge b
        WHERE b.user_id = $1 AND b.badge = ANY($2::text[])
        ORDER BY b.awarded_at DESC, b.badge LIMIT $3 OFFSET $4`,
      [userId, BADGE_IDS, limit, offset],
    )) as Array<{ badge: BadgeId; awarded_at: Date; total: number }>;
    const total = rows[0]?.total ?? (offset > 0 ? await this.count(userId) : 0);
    return { badges: rows.map((row) => ({ badge: row.badge, awardedAt: row.awarded_at.toISOString() })), total };
  }

  private async count(userId: number): Promise<number> {
    const [row] = (await this.dataSource.query('SELECT count(*)::int AS total FROM member_badge WHERE user_id = $1 AND badge = ANY($2::text[])', [
      userId,
      BADGE_IDS,
    ])) as Array<{ total: number }>;
    return row!.total;
  }
}
