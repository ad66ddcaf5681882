import { randomBytes } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { streams, type ConversationSummary, type MemberCard } from '@seyirlik/shared-contracts';
import { DataSource } from 'typeorm';
import { blockedSql, memberCardColumns, sessionMemberSql, toMemberCard, type MemberCardRow } from '../accounts';
import { PreparedStatement } from '../platform/database/prepared-statement';
import { escapeLike } from '../platform/database/sql';
import { nextSequenceCte } from '../platform/database/stream-sequence.repository';
// Declares the message.sent domain event the send statement writes.
import './message-events';

/** A member's side of a conversation. */
export interface ConversationRow {
  id: number;
  hash: string;
  otherId: number;
  lastSeq: number;
  readSeq: number;
  otherReadSeq: number;
}

/** A stored private message with its sender. */
export interface PrivateMessageRow {
  seq: number;
  sentAt: Date;
  body: string;
  sender: MemberCard;
}

/** A message to store, with the send limit it must stay within. */
export interface NewPrivateMessage {
  hash: string;
  sender: MessageSender;
  body: string;
  /** The send's idempotency key, or null for a legacy send without one. */
  clientKey: string | null;
  window: { points: number; windowSeconds: number };
  /** How many characters of the text the `message.sent` event carries. */
  previewLength: number;
}

/** What insertMessage did: stored the message now, or found it stored by an earlier send of the same key. */
export interface InsertedPrivateMessage {
  row: PrivateMessageRow;
  recipientId: number;
  repeated: boolean;
}

interface RawConversation {
  id: number;
  hash: string;
  other_id: number;
  last_seq: string;
  read_seq: string;
  other_read_seq: string;
}

type RawMessage = MemberCardRow & { seq: string; sent_at: Date; body: string };

const MEMBER_COLUMNS = memberCardColumns('u');

const toConversationRow = (row: RawConversation): ConversationRow => ({
  id: row.id,
  hash: row.hash,
  otherId: row.other_id,
  lastSeq: Number(row.last_seq),
  readSeq: Number(row.read_seq),
  otherReadSeq: Number(row.other_read_seq),
});

const toMessageRow = (row: RawMessage): PrivateMessageRow => ({ seq: Number(row.seq), sentAt: row.sent_at, body: row.body, sender: toMemberCard(row) });

/** A member's side of a conversation, with the other side's read position. */
const CONVERSATION_SELECT = `SELECT c.id, c.hash, mine.other_id, mine.last_seq, mine.read_seq, theirs.read_seq AS other_read_seq
   FROM conversation c
   JOIN conversation_member mine ON mine.conversation_id = c.id
   JOIN conversation_member theirs ON theirs.conversation_id = c.id AND theirs.user_id = mine.other_id`;

/** Who sends: a member by id, or the member of a session cookie (see sessionKeyOf), resolved in the statement itself. */
export type MessageSender = { userId: number } | { sessionKey: Buffer };

type InsertedRaw = RawMessage & { repeated: boolean; recipient_id: number };

/**
 * MessagesRepository.insertMessage's statement (one per way of naming the sender), prepared:
 * every private message runs it. $1 the hash, $2 the stream, $3 the sender (an id, or a session
 * key), $4 the text, $5/$6 the send window, $7 the key, $8 the preview length. The event carries
 * the sender's name, so its consumers need not look the sender up. It sends no NOTIFY for its
 * outbox row (as OutboxRepository.insert does): a NOTIFY takes one database-wide lock through each
 * commit, so concurrent sends would commit one by one, each waiting for the one before it to reach
 * the disk. The sending process wakes its own relay instead (MessagesService), and the relays'
 * sweep covers a process that died first.
 */
const insertMessageStatement = (sender: 'id' | 'session') =>
  new PreparedStatement<InsertedRaw>(
    `messages.insert-message-by-${sender}`,
    `WITH sender AS (SELECT ${sender === 'id' ? '$3::int' : sessionMemberSql('$3')} AS id),
     conv AS (
       SELECT c.id, m.other_id, sender.id AS sender_id FROM conversation c
         JOIN conversation_member m ON m.conversation_id = c.id
         JOIN sender ON m.user_id = sender.id
        WHERE c.hash = $1
     ),
     stored AS (
       SELECT p.seq, p.sent_at, p.body, p.sender_id FROM conv
         JOIN private_message p ON p.conversation_id = conv.id AND p.sender_id = conv.sender_id AND p.client_key = $7
     ),
     target AS (
       SELECT conv.id, conv.other_id, conv.sender_id FROM conv
        WHERE NOT EXISTS (SELECT 1 FROM stored)
          AND NOT ${blockedSql('conv.other_id', 'conv.sender_id')}
          AND (SELECT count(*) FROM private_message w
                WHERE w.sender_id = conv.sender_id AND w.sent_at > now() - make_interval(secs => $5)) < $6
     ),
     next_seq AS (${nextSequenceCte('$2', 'target')}),
     inserted AS (
       INSERT INTO private_message (conversation_id, seq, sender_id, body, client_key)
       SELECT target.id, next_seq.last_seq, target.sender_id, $4, $7 FROM target, next_seq
       RETURNING conversation_id, seq, sent_at, body, sender_id
     ),
     sides AS (
       UPDATE conversation_member m
          SET last_seq = i.seq, last_message_at = i.sent_at,
              read_seq = CASE WHEN m.user_id = i.sender_id THEN i.seq ELSE m.read_seq END
         FROM inserted i
        WHERE m.conversation_id = i.conversation_id
        RETURNING m.user_id
     ),
     event AS (
       INSERT INTO outbox_message (kind, name, payload)
       SELECT 'event', 'message.sent', jsonb_build_object(
                'conversationId', i.conversation_id, 'hash', $1::text, 'seq', i.seq, 'senderId', i.sender_id,
                'senderUsername', a.username, 'senderName', a.profile_name,
                'recipientId', target.other_id, 'preview', left(i.body, $8), 'first', i.seq = 1)
         FROM inserted i, target, app_user a WHERE a.id = i.sender_id
       RETURNING id
     ),
     sent AS (
       SELECT seq, sent_at, body, sender_id, false AS repeated FROM inserted
       UNION ALL SELECT seq, sent_at, body, sender_id, true FROM stored
     )
     SELECT s.seq, s.sent_at, s.body, s.repeated, conv.other_id AS recipient_id, ${MEMBER_COLUMNS}
       FROM sent s CROSS JOIN conv JOIN app_user u ON u.id = s.sender_id`,
  );
const INSERT_MESSAGE = { id: insertMessageStatement('id'), session: insertMessageStatement('session') };

/** Whether `error` is the unique violation of a second send of a key that another send stored meanwhile. */
function isRepeatedKeyRace(error: unknown): boolean {
  const { code, constraint } = error as { code?: string; constraint?: string };
  return code === '23505' && constraint === 'private_message_client_key_idx';
}

/** A fresh conversation hash: 128 bits of the CSPRNG as 22 characters of base64url. */
export const generateConversationHash = (): string => randomBytes(16).toString('base64url');

/** Every query of private messages. */
@Injectable()
export class MessagesRepository {
  constructor(private readonly dataSource: DataSource) {}

  async memberByUsername(username: string): Promise<MemberCard | null> {
    const rows = (await this.dataSource.query(`SELECT ${MEMBER_COLUMNS} FROM app_user u WHERE lower(u.username) = lower($1)`, [username])) as MemberCardRow[];
    return rows[0] ? toMemberCard(rows[0]) : null;
  }

  async memberById(id: number): Promise<MemberCard | null> {
    const rows = (await this.dataSource.query(`SELECT ${MEMBER_COLUMNS} FROM app_user u WHERE u.id = $1`, [id])) as MemberCardRow[];
    return rows[0] ? toMemberCard(rows[0]) : null;
  }

  /** The member's side of the conversation of `hash`; null when there is none or the member is not in it (the same answer). */
  async findByHash(hash: string, userId: number): Promise<ConversationRow | null> {
    const [row] = (await this.dataSource.query(`${CONVERSATION_SELECT} WHERE c.hash = $1 AND mine.user_id = $2`, [hash, userId])) as RawConversation[];
    return row ? toConversationRow(row) : null;
  }

  /** The conversation between two members, from `userId`'s side, or null. */
  async findBetween(userId: number, otherId: number): Promise<ConversationRow | null> {
    const [row] = (await this.dataSource.query(`${CONVERSATION_SELECT} WHERE mine.user_id = $1 AND mine.other_id = $2`, [userId, otherId])) as RawConversation[];
    return row ? toConversationRow(row) : null;
  }

  /** The two members of the conversation of `hash` (none for an unknown hash). */
  async memberIds(hash: string): Promise<number[]> {
    const rows = (await this.dataSource.query('SELECT member_low, member_high FROM conversation WHERE hash = $1', [hash])) as Array<{
      member_low: number;
      member_high: number;
    }>;
    return rows.flatMap((row) => [row.member_low, row.member_high]);
  }

  /**
   * The conversation between two members, created (with both sides) when there is none yet.
   * Two creations at once: the second finds the first's row once it committed (one more try).
   */
  async ensureBetween(userId: number, otherId: number): Promise<{ id: number; hash: string }> {
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const [row] = (await this.dataSource.query(
        `WITH created AS (
           INSERT INTO conversation (hash, member_low, member_high) VALUES ($1, least($2::int, $3::int), greatest($2::int, $3::int))
           ON CONFLICT (member_low, member_high) DO NOTHING RETURNING id, hash
         ),
         sides AS (
           INSERT INTO conversation_member (conversation_id, user_id, other_id)
           SELECT id, $2, $3 FROM created UNION ALL SELECT id, $3, $2 FROM created
           RETURNING conversation_id
         )
         SELECT id, hash FROM created
         UNION ALL SELECT id, hash FROM conversation WHERE member_low = least($2::int, $3::int) AND member_high = greatest($2::int, $3::int)`,
        [generateConversationHash(), userId, otherId],
      )) as Array<{ id: number; hash: string }>;
      if (row) return row;
    }
    throw new Error('conversation neither created nor found');
  }

  /**
   * Stores a message in the conversation of `hash` when the sender is one of its two members, the
   * other member has not blocked the sender, and the sender has sent fewer than `window.points`
   * messages (over all conversations) in the last `window.windowSeconds`; under the next number of
   * the stream `streams.conversation(hash)`, with both members' last message and the sender's read
   * position moved to it, and the `message.sent` event in the outbox (whose relays are woken when
   * it commits). One statement, so one transaction: numbers commit in order, and a refused message
   * takes no number and writes nothing. Answers null when nothing was stored (the caller tells why).
   *
   * With a `clientKey` the sender already stored in this conversation, nothing is written: the
   * stored message is answered, `repeated`. Two sends of one key at once: the second waits on the
   * sequence row, then breaks the key's unique index, which rolls its statement back, and runs again.
   */
  async insertMessage(message: NewPrivateMessage): Promise<InsertedPrivateMessage | null> {
    const sender = message.sender;
    const statement = 'userId' in sender ? INSERT_MESSAGE.id : INSERT_MESSAGE.session;
    const values = [
      message.hash,
      streams.conversation(message.hash),
      'userId' in sender ? sender.userId : sender.sessionKey,
      message.body,
      message.window.windowSeconds,
      message.window.points,
      message.clientKey,
      message.previewLength,
    ];
    let rows;
    try {
      rows = await statement.run(this.dataSource, values);
    } catch (error) {
      if (!isRepeatedKeyRace(error)) throw error;
      rows = await statement.run(this.dataSource, values);
    }
    const [row] = rows;
    return row ? { row: toMessageRow(row), recipientId: row.recipient_id, repeated: row.repeated } : null;
  }

  /** Up to `limit` messages after sequence `after`, oldest first. */
  async messagesAfter(conversationId: number, after: number, limit: number): Promise<PrivateMessageRow[]> {
    const rows = (await this.dataSource.query(
      `SELECT p.seq, p.sent_at, p.body, ${MEMBER_COLUMNS}
         FROM private_message p JOIN app_user u ON u.id = p.sender_id
        WHERE p.conversation_id = $1 AND p.seq > $2 ORDER BY p.seq LIMIT $3`,
      [conversationId, after, limit],
    )) as RawMessage[];
    return rows.map(toMessageRow);
  }

  /** The newest `limit` messages before sequence `before` (null: the newest of all), oldest first. */
  async messagesBefore(conversationId: number, before: number | null, limit: number): Promise<PrivateMessageRow[]> {
    const rows = (await this.dataSource.query(
      `SELECT p.seq, p.sent_at, p.body, ${MEMBER_COLUMNS}
         FROM private_message p JOIN app_user u ON u.id = p.sender_id
        WHERE p.conversation_id = $1 AND ($2::bigint IS NULL OR p.seq < $2) ORDER BY p.seq DESC LIMIT $3`,
      [conversationId, before, limit],
    )) as RawMessage[];
    return rows.map(toMessageRow).reverse();
  }

  /**
   * Moves the member's read position forward to `seq` (null: the newest message), never past the
   * newest message nor back. Answers the new position, or null when it did not move.
   */
  async markRead(conversationId: number, userId: number, seq: number | null): Promise<number | null> {
    const rows = (await this.dataSource.query(
      `WITH moved AS (
         UPDATE conversation_member SET read_seq = LEAST(coalesce($3::bigint, last_seq), last_seq)
          WHERE conversation_id = $1 AND user_id = $2 AND read_seq < LEAST(coalesce($3::bigint, last_seq), last_seq)
          RETURNING read_seq
       )
       SELECT read_seq FROM moved`,
      [conversationId, userId, seq],
    )) as Array<{ read_seq: string }>;
    return rows[0] ? Number(rows[0].read_seq) : null;
  }

  /** How many of the member's conversations hold a message the member has not read. */
  async unreadCount(userId: number): Promise<number> {
    const rows = (await this.dataSource.query('SELECT count(*)::int AS count FROM conversation_member WHERE user_id = $1 AND last_seq > read_seq', [
      userId,
    ])) as Array<{ count: number }>;
    return rows[0]?.count ?? 0;
  }

  /**
   * The member's conversations that hold a message, newest first; with `folded` (a foldForSearch
   * text) only those whose other member's username or profile name contains it.
   */
  async list(userId: number, folded: string | null, limit: number): Promise<ConversationSummary[]> {
    const rows = (await this.dataSource.query(
      `SELECT c.hash, m.last_seq, m.read_seq, p.sender_id, p.body, p.sent_at, ${MEMBER_COLUMNS}
         FROM conversation_member m
         JOIN conversation c ON c.id = m.conversation_id
         JOIN app_user u ON u.id = m.other_id
         JOIN private_message p ON p.conversation_id = m.conversation_id AND p.seq = m.last_seq
        WHERE m.user_id = $1 AND m.last_message_at IS NOT NULL
          AND ($3::text IS NULL OR member_search_text(u.username, u.profile_name) LIKE $3 ESCAPE '\\')
        ORDER BY m.last_message_at DESC, m.conversation_id DESC LIMIT $2`,
      [userId, limit, folded === null ? null : `%${escapeLike(folded)}%`],
    )) as Array<MemberCardRow & { hash: string; last_seq: string; read_seq: string; sender_id: number; body: string; sent_at: Date }>;
    return rows.map((row) => ({
      hash: row.hash,
      other: toMemberCard(row),
      lastMessage: { seq: Number(row.last_seq), senderId: row.sender_id, text: row.body, sentAt: row.sent_at.toISOString() },
      unread: Number(row.last_seq) > Number(row.read_seq),
    }));
  }
}
