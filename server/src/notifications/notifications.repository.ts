import { Injectable } from '@nestjs/common';
import { NOTIFICATION_KINDS, type MemberCard, type NotificationKind, type NotificationView } from '@seyirlik/shared-contracts';
import { DataSource } from 'typeorm';
import { blockedSql, memberCardColumns, toMemberCard, type MemberCardRow } from '../accounts';
import { PreparedStatement } from '../platform/database/prepared-statement';

/** A notification to make for some members, from one source. */
export interface NewNotification {
  kind: NotificationKind;
  /** The members to tell; the actor, members who muted the kind and members who blocked the actor are left out. */
  recipientIds: readonly number[];
  /** One row per member and key: a repeat or a growing group updates it (see `upsert`). */
  groupKey: string;
  /** Who did it; null for a notice of the member's own doing (a badge they earned), which leaves nobody out for an actor. */
  actorId: number | null;
  /** The members behind it, the actor included. */
  actorCount: number;
  text: string;
  link: string;
  /**
   * The outbox id of the domain event it comes from. Events of one group commit in id order (the
   * comment's or the conversation's lock), so the same event again, or an older one arriving late
   * (two relays), changes nothing.
   */
  sourceEventId: string;
}

type NotificationRow = Partial<MemberCardRow> & {
  notification_id: string;
  user_id: number;
  seq: string;
  kind: NotificationKind;
  actor_id: number | null;
  actor_count: number;
  text: string;
  link: string;
  read_at: Date | null;
  created_at: Date;
  updated_at: Date;
};

/** A stored notification with the member it belongs to. */
export interface StoredNotification {
  userId: number;
  view: NotificationView;
}

const ACTOR_COLUMNS = memberCardColumns('a');
const NOTIFICATION_COLUMNS = `n.id AS notification_id, n.user_id, n.seq, n.kind, n.actor_id, n.actor_count, n.text, n.link,
  n.read_at, n.created_at, n.updated_at, ${ACTOR_COLUMNS}`;

function toStored(row: NotificationRow): StoredNotification {
  return {
    userId: row.user_id,
    view: {
      id: Number(row.notification_id),
      seq: Number(row.seq),
      kind: row.kind,
      actor: row.actor_id === null || row.id == null ? null : toMemberCard(row as MemberCardRow),
      actorCount: row.actor_count,
      text: row.text,
      link: row.link,
      read: row.read_at !== null,
      createdAt: row.created_at.toISOString(),
      updatedAt: row.updated_at.toISOString(),
    },
  };
}

/**
 * NotificationsRepository.upsert's statement, prepared: every reply, like, message and invitation
 * runs it. `$1` the recipients, `$2` kind, `$3` group key, `$4` actor, `$5` actor count, `$6` text,
 * `$7` link, `$8` the source event's id.
 *
 * `told` keeps the recipients to tell (none when the actor's account is gone): existing members other than the actor who did not mute
 * the kind, did not block the actor (blockedSql, the accounts' one definition; with no actor, `$4`
 * null, only the mute counts), and whose row of
 * this key was not made or changed by this event or a later one. Each of them takes the next
 * number of their stream, in member order (so two writers of several streams never wait on each
 * other in a circle), and the row is inserted or, for a key they have, renumbered, made unread
 * and rewritten. One statement, its own transaction: numbers commit in order, and a source that
 * tells nobody takes no number.
 */
const UPSERT = new PreparedStatement<NotificationRow>(
  'notifications.upsert',
  `WITH told AS (
     SELECT u.id AS user_id, 'notifications:' || u.id AS stream FROM app_user u
      WHERE u.id = ANY($1::int[])
        AND ($4::int IS NULL OR (
          u.id <> $4 AND EXISTS (SELECT 1 FROM app_user actor WHERE actor.id = $4) AND NOT ${blockedSql('u.id', '$4')}
        ))
        AND NOT EXISTS (SELECT 1 FROM notification_mute m WHERE m.user_id = u.id AND m.kind = $2)
        AND NOT EXISTS (
          SELECT 1 FROM notification n WHERE n.user_id = u.id AND n.group_key = $3
             AND n.source_event_id >= $8::bigint
        )
      ORDER BY u.id
   ),
   numbered AS (
     INSERT INTO stream_sequence (stream, last_seq) SELECT stream, 1 FROM told ORDER BY user_id
     ON CONFLICT (stream) DO UPDATE SET last_seq = stream_sequence.last_seq + 1
     RETURNING stream, last_seq
   ),
   written AS (
     INSERT INTO notification AS n (user_id, seq, kind, group_key, actor_id, actor_count, text, link, source_event_id)
     SELECT told.user_id, numbered.last_seq, $2, $3, $4, $5, $6, $7, $8 FROM told JOIN numbered ON numbered.stream = told.stream
     ON CONFLICT (user_id, group_key) DO UPDATE
        SET seq = excluded.seq, actor_id = excluded.actor_id, actor_count = excluded.actor_count, text = excluded.text,
            link = excluded.link, source_event_id = excluded.source_event_id, read_at = NULL, updated_at = now()
      WHERE n.source_event_id IS NULL OR n.source_event_id < excluded.source_event_id
     RETURNING *
   )
   SELECT ${NOTIFICATION_COLUMNS} FROM written n LEFT JOIN app_user a ON a.id = n.actor_id ORDER BY n.user_id`,
);

/** Every query of notifications. */
@Injectable()
export class NotificationsRepository {
  constructor(private readonly dataSource: DataSource) {}

  /**
   * Makes the notification for each recipient still to tell (see UPSERT), or updates the row
   * they hold under its key; answers the rows written. A source delivered again writes nothing.
   */
  async upsert(notification: NewNotification): Promise<StoredNotification[]> {
    const rows = await UPSERT.run(this.dataSource, [
      [...new Set(notification.recipientIds)],
      notification.kind,
      notification.groupKey,
      notification.actorId,
      notification.actorCount,
      notification.text,
      notification.link,
      notification.sourceEventId,
    ]);
    return rows.map(toStored);
  }

  /** A member's card, by id (null for a member who left). */
  async member(id: number): Promise<MemberCard | null> {
    const [row] = (await this.dataSource.query(`SELECT ${memberCardColumns('u')} FROM app_user u WHERE u.id = $1`, [id])) as MemberCardRow[];
    return row ? toMemberCard(row) : null;
  }

  /** One page of the member's notifications, newest first: `limit` rows from `offset`. */
  async page(userId: number, offset: number, limit: number): Promise<NotificationView[]> {
    const rows = (await this.dataSource.query(
      `SELECT ${NOTIFICATION_COLUMNS} FROM notification n LEFT JOIN app_user a ON a.id = n.actor_id
        WHERE n.user_id = $1 ORDER BY n.seq DESC LIMIT $2 OFFSET $3`,
      [userId, limit, offset],
    )) as NotificationRow[];
    return rows.map((row) => toStored(row).view);
  }

  /** Up to `limit` of the member's notifications numbered after `after`, oldest first. */
  async after(userId: number, after: number, limit: number): Promise<NotificationView[]> {
    const rows = (await this.dataSource.query(
      `SELECT ${NOTIFICATION_COLUMNS} FROM notification n LEFT JOIN app_user a ON a.id = n.actor_id
        WHERE n.user_id = $1 AND n.seq > $2 ORDER BY n.seq LIMIT $3`,
      [userId, after, limit],
    )) as NotificationRow[];
    return rows.map((row) => toStored(row).view);
  }

  /** The unread count of each member (0 for those with none). */
  async unreadCounts(userIds: readonly number[]): Promise<Map<number, number>> {
    const rows = (await this.dataSource.query(
      `SELECT id AS user_id, (SELECT count(*) FROM notification n WHERE n.user_id = u.id AND n.read_at IS NULL)::int AS unread
         FROM unnest($1::int[]) AS u(id)`,
      [[...new Set(userIds)]],
    )) as Array<{ user_id: number; unread: number }>;
    return new Map(rows.map((row) => [row.user_id, row.unread]));
  }

  async unreadCount(userId: number): Promise<number> {
    return (await this.unreadCounts([userId])).get(userId) ?? 0;
  }

  /**
   * Marks the member's notifications read: the one of `id`, or all of them (`id` null). Answers
   * whether the member holds that one (always true for all) and the unread count after, in one
   * statement; another member's notification is never touched.
   */
  async markRead(userId: number, id: number | null): Promise<{ found: boolean; unreadCount: number }> {
    const [row] = (await this.dataSource.query(
      `WITH target AS (
         SELECT n.id, n.read_at FROM notification n WHERE n.user_id = $1 AND ($2::bigint IS NULL OR n.id = $2)
       ),
       marked AS (
         UPDATE notification n SET read_at = now() FROM target WHERE n.id = target.id AND target.read_at IS NULL RETURNING n.id
       )
       SELECT ($2::bigint IS NULL OR EXISTS (SELECT 1 FROM target)) AS found,
              ((SELECT count(*) FROM notification n WHERE n.user_id = $1 AND n.read_at IS NULL) - (SELECT count(*) FROM marked))::int AS unread`,
      [userId, id],
    )) as Array<{ found: boolean; unread: number }>;
    return { found: row!.found, unreadCount: row!.unread };
  }

  /** The kinds the member muted, in the settings' order. */
  async mutedKinds(userId: number): Promise<NotificationKind[]> {
    const rows = (await this.dataSource.query('SELECT kind FROM notification_mute WHERE user_id = $1', [userId])) as Array<{ kind: NotificationKind }>;
    const muted = new Set(rows.map((row) => row.kind));
    return NOTIFICATION_KINDS.filter((kind) => muted.has(kind));
  }

  /** Replaces the member's muted kinds, in one statement. */
  async setMutedKinds(userId: number, kinds: readonly NotificationKind[]): Promise<void> {
    await this.dataSource.query(
      `WITH dropped AS (DELETE FROM notification_mute WHERE user_id = $1 AND NOT (kind = ANY($2::text[])))
       INSERT INTO notification_mute (user_id, kind) SELECT $1, kind FROM unnest($2::text[]) AS kind ON CONFLICT DO NOTHING`,
      [userId, kinds],
    );
  }
}
