import { Injectable } from '@nestjs/common';
import type {
  PlaybackAction,
  PlaybackState,
  RoomControlMode,
  RoomEpisode,
  RoomMember,
  TimedCommentWindow,
  TimedRoomReplays,
  TimedWindowQuery,
  TitleKind,
} from '@seyirlik/shared-contracts';
import { streams, watchPath } from '@seyirlik/shared-contracts';
import { DataSource, type EntityManager } from 'typeorm';
import { PreparedStatement } from '../platform/database/prepared-statement';
import { nextSequenceCte } from '../platform/database/stream-sequence.repository';
import { escapeLike } from '../platform/database/sql';
import { generateRoomCode } from './room-code';
import { memberCardColumns, sessionMemberSql, toMemberCard, type MemberCardRow } from '../accounts';
import { airedSql } from '../catalog';

/** A watch_room row as the services use it. */
export interface RoomRow {
  id: number;
  code: string;
  title: string;
  episodeId: number;
  creatorId: number;
  controlMode: RoomControlMode;
  playback: {
    status: PlaybackState['status'];
    positionSeconds: number;
    serverTime: number;
    version: number;
    action: PlaybackAction | null;
    byId: number | null;
  };
}

/** A stored chat message with its author. */
export interface MessageRow {
  seq: number;
  sentAt: Date;
  body: string;
  author: RoomMember;
}

/** A chat message to store, with the send limit it must stay within. */
export interface NewMessage {
  code: string;
  author: ChatViewer;
  body: string;
  /** The send's idempotency key, or null for a legacy send without one. */
  clientKey: string | null;
  window: { points: number; windowSeconds: number };
}

/** What insertMessage did: stored the message now, or found it stored by an earlier send of the same key. */
export interface InsertedMessage {
  row: MessageRow;
  repeated: boolean;
}

export interface NewRoom {
  title: string;
  episodeId: number;
  creatorId: number;
  controlMode: RoomControlMode;
  inviteeIds: number[];
  serverTime: number;
}

interface RawRoom {
  id: number;
  code: string;
  title: string;
  episode_id: number;
  creator_id: number;
  control_mode: RoomControlMode;
  playback_status: PlaybackState['status'];
  playback_position: number;
  playback_server_time: string;
  playback_version: number;
  playback_action: PlaybackAction | null;
  playback_by: number | null;
}

const MEMBER_COLUMNS = memberCardColumns('u');

function toRoomRow(row: RawRoom): RoomRow {
  return {
    id: row.id,
    code: row.code,
    title: row.title,
    episodeId: row.episode_id,
    creatorId: row.creator_id,
    controlMode: row.control_mode,
    playback: {
      status: row.playback_status,
      positionSeconds: row.playback_position,
      serverTime: Number(row.playback_server_time),
      version: row.playback_version,
      action: row.playback_action,
      byId: row.playback_by,
    },
  };
}

/** Who sends or reads: a member by id, or the member of a session cookie (see sessionKeyOf), resolved in the statement itself. */
export type ChatViewer = { userId: number } | { sessionKey: Buffer };

/** The statement parameter `$3` as the member's id: the id itself, or the session's member (NULL for none). */
const viewerSql = (viewer: 'id' | 'session'): string => (viewer === 'id' ? '$3::int' : sessionMemberSql('$3'));

/**
 * The second of its episode the room of `r` (its episode `e`) is at now: its position, plus the
 * time since its server time while playing, within the episode's length.
 */
const PLAYHEAD_SQL = `least(greatest(floor(r.playback_position + CASE WHEN r.playback_status = 'playing'
    THEN greatest(extract(epoch FROM clock_timestamp()) * 1000 - r.playback_server_time, 0) / 1000 ELSE 0 END), 0), e.duration_seconds)::integer`;

type InsertedRow = MemberCardRow & { seq: string; sent_at: Date; body: string; repeated: boolean };

/** RoomsRepository.insertMessage's statement (one per way of naming the author), prepared: every chat message runs it. */
const insertMessageStatement = (viewer: 'id' | 'session') =>
  new PreparedStatement<InsertedRow>(
    `rooms.insert-message-by-${viewer}`,
    `WITH author AS (SELECT ${viewerSql(viewer)} AS id),
     stored AS (
       SELECT w.seq, w.sent_at, w.body, w.author_id FROM watch_room r
         JOIN watch_room_message w ON w.room_id = r.id AND w.author_id = (SELECT id FROM author) AND w.client_key = $7
        WHERE r.code = $1
     ),
     target AS (
       SELECT r.id, author.id AS author_id, ${PLAYHEAD_SQL} AS position_seconds
         FROM watch_room r JOIN episode e ON e.id = r.episode_id, author
        WHERE r.code = $1
          AND NOT EXISTS (SELECT 1 FROM stored)
          AND EXISTS (SELECT 1 FROM watch_room_member m WHERE m.room_id = r.id AND m.user_id = author.id)
          AND (SELECT count(*) FROM watch_room_message w
                WHERE w.author_id = author.id AND w.room_id = r.id AND w.sent_at > now() - make_interval(secs => $5)) < $6
     ),
     next_seq AS (${nextSequenceCte('$2', 'target')}),
     inserted AS (
       INSERT INTO watch_room_message (room_id, seq, author_id, body, client_key, position_seconds)
       SELECT target.id, next_seq.last_seq, target.author_id, $4, $7, target.position_seconds FROM target, next_seq
       RETURNING seq, sent_at, body, author_id
     ),
     sent AS (
       SELECT seq, sent_at, body, author_id, false AS repeated FROM inserted
       UNION ALL SELECT seq, sent_at, body, author_id, true FROM stored
     )
     SELECT s.seq, s.sent_at, s.body, s.repeated, ${MEMBER_COLUMNS} FROM sent s JOIN app_user u ON u.id = s.author_id`,
  );
const INSERT_MESSAGE = { id: insertMessageStatement('id'), session: insertMessageStatement('session') };

type ChatRow = MemberCardRow & { seq: string | null; sent_at: Date | null; body: string | null };

/**
 * RoomsRepository.messagesAfter's statement (one per way of naming the reader), prepared: every
 * chat poll runs it. The room joined with the reader's membership gives one row when the reader
 * may read it (with NULL message columns when nothing is new), none otherwise.
 */
const messagesAfterStatement = (viewer: 'id' | 'session') =>
  new PreparedStatement<ChatRow>(
    `rooms.messages-after-by-${viewer}`,
    `WITH room AS (
       SELECT r.id FROM watch_room r JOIN watch_room_member m ON m.room_id = r.id AND m.user_id = ${viewerSql(viewer)}
        WHERE r.code = $1
     )
     SELECT w.seq, w.sent_at, w.body, ${MEMBER_COLUMNS}
       FROM room
       LEFT JOIN LATERAL (
         SELECT w.seq, w.sent_at, w.body, w.author_id FROM watch_room_message w
          WHERE w.room_id = room.id AND w.seq > $2 ORDER BY w.seq LIMIT $4
       ) w ON true
       LEFT JOIN app_user u ON u.id = w.author_id
      ORDER BY w.seq`,
  );
const MESSAGES_AFTER = { id: messagesAfterStatement('id'), session: messagesAfterStatement('session') };

type TimelineRow = Partial<MemberCardRow> & { seq: string | null; position_seconds: number | null; body: string | null; sent_at: Date | null };

/**
 * RoomsRepository.timeline's statement: the messages of room $1 sent at its seconds [$2, $3), by
 * second then sequence, after sequence $4 at second $2 when given, at most $5 (prepared: a replay
 * reads it every window as it plays).
 */
const TIMELINE = new PreparedStatement<TimelineRow>(
  'rooms.timeline',
  `SELECT w.seq, w.position_seconds, w.body, w.sent_at, ${MEMBER_COLUMNS}
     FROM watch_room_message w JOIN app_user u ON u.id = w.author_id
    WHERE w.room_id = $1 AND w.position_seconds IS NOT NULL AND w.position_seconds >= $2 AND w.position_seconds < $3
      AND ($4::bigint IS NULL OR w.position_seconds > $2 OR w.seq > $4)
    ORDER BY w.position_seconds, w.seq LIMIT $5`,
);

const statementFor = <T>(statements: { id: T; session: T }, viewer: ChatViewer): T => ('userId' in viewer ? statements.id : statements.session);
const viewerValue = (viewer: ChatViewer): number | Buffer => ('userId' in viewer ? viewer.userId : viewer.sessionKey);

/** Whether `error` is the unique violation of a second send of a key that another send stored meanwhile. */
function isRepeatedKeyRace(error: unknown): boolean {
  const { code, constraint } = error as { code?: string; constraint?: string };
  return code === '23505' && constraint === 'watch_room_message_client_key_idx';
}

/** Attempts at a fresh code before giving up; one collision in 62^12 codes is already unheard of. */
const CODE_ATTEMPTS = 5;

/** Every query of watch-together rooms. */
@Injectable()
export class RoomsRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** The room of a code; with `lock`, its row is locked until the transaction of `manager` ends. */
  async findByCode(code: string, manager: EntityManager = this.dataSource.manager, lock = false): Promise<RoomRow | null> {
    const [row] = (await manager.query(`SELECT * FROM watch_room WHERE code = $1${lock ? ' FOR UPDATE' : ''}`, [code])) as RawRoom[];
    return row ? toRoomRow(row) : null;
  }

  /** The room of a code and whether `userId` is one of its members, in one round trip. */
  async findWithMembership(code: string, userId: number): Promise<{ room: RoomRow; isMember: boolean } | null> {
    const [row] = (await this.dataSource.query(
      `SELECT r.*, EXISTS (SELECT 1 FROM watch_room_member m WHERE m.room_id = r.id AND m.user_id = $2) AS is_member
         FROM watch_room r WHERE r.code = $1`,
      [code, userId],
    )) as Array<RawRoom & { is_member: boolean }>;
    return row ? { room: toRoomRow(row), isMember: row.is_member } : null;
  }

  /** Whether the member may enter the room of `code` (false for an unknown code). */
  async isMemberByCode(code: string, userId: number): Promise<boolean> {
    const rows = (await this.dataSource.query(
      'SELECT 1 FROM watch_room r JOIN watch_room_member m ON m.room_id = r.id WHERE r.code = $1 AND m.user_id = $2',
      [code, userId],
    )) as unknown[];
    return rows.length > 0;
  }

  /** Everyone allowed in: the creator first, then the invited members in the order they were added. */
  async members(roomId: number): Promise<RoomMember[]> {
    const rows = (await this.dataSource.query(
      `SELECT ${MEMBER_COLUMNS} FROM watch_room_member m JOIN app_user u ON u.id = m.user_id
        WHERE m.room_id = $1 ORDER BY m.invited_by IS NOT NULL, m.added_at, u.id`,
      [roomId],
    )) as MemberCardRow[];
    return rows.map(toMemberCard);
  }

  /** The members of these ids that exist, in id order. */
  async membersByIds(ids: number[]): Promise<RoomMember[]> {
    if (ids.length === 0) return [];
    const rows = (await this.dataSource.query(`SELECT ${MEMBER_COLUMNS} FROM app_user u WHERE u.id = ANY($1::int[]) ORDER BY u.id`, [ids])) as MemberCardRow[];
    return rows.map(toMemberCard);
  }

  async member(id: number): Promise<RoomMember | null> {
    const [member] = await this.membersByIds([id]);
    return member ?? null;
  }

  /** The episode a room can watch: one that exists and has aired (as the watch page). */
  async airedEpisode(episodeId: number): Promise<RoomEpisode | null> {
    const [row] = (await this.dataSource.query(
      `SELECT e.id, e.number AS episode_number, s.number AS season_number, t.name AS title_name, t.kind, t.slug
         FROM episode e JOIN season s ON s.id = e.season_id JOIN title t ON t.id = e.title_id
        WHERE e.id = $1 AND ${airedSql('e')}`,
      [episodeId],
    )) as Array<{ id: number; episode_number: number; season_number: number; title_name: string; kind: TitleKind; slug: string }>;
    if (!row) return null;
    const film = row.kind === 'film';
    return {
      id: row.id,
      titleName: row.title_name,
      seasonNumber: film ? null : row.season_number,
      episodeNumber: film ? null : row.episode_number,
      watchPath: watchPath({ kind: row.kind, slug: row.slug, season: row.season_number, episode: row.episode_number }),
    };
  }

  /** Inserts the room (under a fresh code) with its creator and invitees as members; answers the code. */
  async insertRoom(manager: EntityManager, room: NewRoom): Promise<{ id: number; code: string }> {
    for (let attempt = 0; attempt < CODE_ATTEMPTS; attempt += 1) {
      const code = generateRoomCode();
      const [row] = (await manager.query(
        `INSERT INTO watch_room (code, title, episode_id, creator_id, control_mode, playback_server_time)
         VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (code) DO NOTHING RETURNING id`,
        [code, room.title, room.episodeId, room.creatorId, room.controlMode, room.serverTime],
      )) as Array<{ id: number }>;
      if (!row) continue;
      await manager.query(
        `INSERT INTO watch_room_member (room_id, user_id, invited_by)
         SELECT $1::int, $2::int, NULL::int UNION ALL SELECT $1, invitee, $2 FROM unnest($3::int[]) AS invitee`,
        [row.id, room.creatorId, room.inviteeIds],
      );
      return { id: row.id, code };
    }
    throw new Error('no free room code after several attempts');
  }

  /**
   * Stores a message in the room of `code` when the author is one of its members and has sent
   * fewer than `window.points` messages there in the last `window.windowSeconds`, under the next
   * number of the room's stream `streams.roomChat(code)` taken in the same statement (see nextSequenceCte). One round
   * trip, numbers commit in order, and a refused message takes no number. Answers null when
   * nothing was stored: no such room, not a member, or over the limit (the caller tells which).
   * Concurrent sends of one member may each see the count before the other commits, so the limit
   * can be passed by the few messages in flight at once; it stops floods, not a single extra line.
   *
   * With a `clientKey` the member already stored in this room, nothing is inserted and no number
   * or send allowance is taken: the stored message is answered, `repeated`. Two sends of one key
   * at once both miss it; the second waits on the room's sequence row, then its insert breaks the
   * key's unique index, which rolls its whole statement back (the number too), and it runs again,
   * now finding the first one's message.
   */
  async insertMessage(message: NewMessage): Promise<InsertedMessage | null> {
    const statement = statementFor(INSERT_MESSAGE, message.author);
    const values = [
      message.code,
      streams.roomChat(message.code),
      viewerValue(message.author),
      message.body,
      message.window.windowSeconds,
      message.window.points,
      message.clientKey,
    ];
    let rows;
    try {
      rows = await statement.run(this.dataSource, values);
    } catch (error) {
      if (!isRepeatedKeyRace(error)) throw error;
      rows = await statement.run(this.dataSource, values);
    }
    const [row] = rows;
    return row ? { row: { seq: Number(row.seq), sentAt: row.sent_at, body: row.body, author: toMemberCard(row) }, repeated: row.repeated } : null;
  }

  /**
   * Up to `limit` messages after sequence `after` in the room of `code`, oldest first, in one round
   * trip; null when the reader may not read the room (no such room, or not one of its members).
   */
  async messagesAfter(reader: ChatViewer, code: string, after: number, limit: number): Promise<MessageRow[] | null> {
    const rows = await statementFor(MESSAGES_AFTER, reader).run(this.dataSource, [code, after, viewerValue(reader), limit]);
    if (rows.length === 0) return null;
    return rows
      .filter((row) => row.seq !== null)
      .map((row) => ({ seq: Number(row.seq), sentAt: row.sent_at!, body: row.body!, author: toMemberCard(row) }));
  }

  /** A window of the room's chat by the playback seconds its messages were sent at (a message's `id` is its sequence). */
  async timeline(roomId: number, { from, to, after }: TimedWindowQuery, limit: number): Promise<TimedCommentWindow> {
    const rows = await TIMELINE.run(this.dataSource, [roomId, from, to, after, limit + 1]);
    const comments = rows.slice(0, limit).map((row) => ({
      id: Number(row.seq),
      positionSeconds: row.position_seconds!,
      author: toMemberCard(row as MemberCardRow),
      text: row.body!,
      createdAt: row.sent_at!.toISOString(),
    }));
    return { comments, hasMore: rows.length > limit };
  }

  /** The member's rooms on this episode whose chat has messages placed in time, newest room first. */
  async replays(userId: number, episodeId: number, limit: number): Promise<TimedRoomReplays['rooms']> {
    return (await this.dataSource.query(
      `SELECT r.code, r.title FROM watch_room_member m JOIN watch_room r ON r.id = m.room_id
        WHERE m.user_id = $1 AND r.episode_id = $2
          AND EXISTS (SELECT 1 FROM watch_room_message w WHERE w.room_id = r.id AND w.position_seconds IS NOT NULL)
        ORDER BY r.created_at DESC, r.id DESC LIMIT $3`,
      [userId, episodeId, limit],
    )) as TimedRoomReplays['rooms'];
  }

  /** Writes the room's next playback state; the caller holds the row lock (findByCode with `lock`). */
  async updatePlayback(manager: EntityManager, roomId: number, playback: RoomRow['playback']): Promise<void> {
    await manager.query(
      `UPDATE watch_room SET playback_status = $2, playback_position = $3, playback_server_time = $4,
              playback_version = $5, playback_action = $6, playback_by = $7
        WHERE id = $1`,
      [roomId, playback.status, playback.positionSeconds, playback.serverTime, playback.version, playback.action, playback.byId],
    );
  }

  /**
   * Members to offer in the invite checklist, never `userId` itself. Without `folded`: the members
   * `userId` shared a room with, most recent room first. With `folded` (a foldForSearch text): every
   * member whose username or profile name contains it, those shared a room with first.
   */
  async inviteCandidates(userId: number, folded: string | null, limit: number): Promise<RoomMember[]> {
    const shared = `SELECT other.user_id, max(r.created_at) AS shared_at
                      FROM watch_room_member mine
                      JOIN watch_room r ON r.id = mine.room_id
                      JOIN watch_room_member other ON other.room_id = mine.room_id AND other.user_id <> mine.user_id
                     WHERE mine.user_id = $1
                     GROUP BY other.user_id`;
    const rows = (
      folded === null
        ? await this.dataSource.query(
            `SELECT ${MEMBER_COLUMNS} FROM (${shared}) s JOIN app_user u ON u.id = s.user_id
              ORDER BY s.shared_at DESC, u.id LIMIT $2`,
            [userId, limit],
          )
        : await this.dataSource.query(
            `SELECT ${MEMBER_COLUMNS} FROM app_user u LEFT JOIN (${shared}) s ON s.user_id = u.id
              WHERE u.id <> $1 AND member_search_text(u.username, u.profile_name) LIKE $3 ESCAPE '\\'
              ORDER BY s.shared_at DESC NULLS LAST, lower(u.username), u.id LIMIT $2`,
            [userId, limit, `%${escapeLike(folded)}%`],
          )
    ) as MemberCardRow[];
    return rows.map(toMemberCard);
  }
}
