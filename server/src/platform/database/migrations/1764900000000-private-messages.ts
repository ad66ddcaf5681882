import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Private messages and member blocks.
 *
 * A conversation joins two members (`member_low` < `member_high`, one conversation per pair) under
 * an unguessable hash. conversation_member holds each member's side of it: the other member (so a
 * member's list is one index range), the newest message's sequence and time (`last_seq`,
 * `last_message_at`, NULL until the first message: an empty conversation is not listed) and how far
 * the member has read (`read_seq`); unread is `last_seq > read_seq`. private_message rows are
 * numbered per conversation by the stream `conversation:{hash}` in the statement that inserts them,
 * so (conversation_id, seq) is both the key and the catch-up cursor.
 *
 * member_block: `blocker_id` no longer receives messages or room invitations from `blocked_id`.
 */
export class PrivateMessages1764900000000 implements MigrationInterface {
  name = 'PrivateMessages1764900000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE conversation (
        id serial PRIMARY KEY,
        hash text NOT NULL UNIQUE CHECK (hash ~ '^[A-Za-z0-9_-]{22}$'),
        member_low integer NOT NULL REFERENCES app_user (id) ON DELETE CASCADE,
        member_high integer NOT NULL REFERENCES app_user (id) ON DELETE CASCADE,
        created_at timestamptz NOT NULL DEFAULT now(),
        CHECK (member_low < member_high),
        UNIQUE (member_low, member_high)
      )
    `);
    await queryRunner.query('CREATE INDEX conversation_member_high_idx ON conversation (member_high)');
    await queryRunner.query(`
      CREATE TABLE conversation_member (
        conversation_id integer NOT NULL REFERENCES conversation (id) ON DELETE CASCADE,
        user_id integer NOT NULL REFERENCES app_user (id) ON DELETE CASCADE,
        other_id integer NOT NULL REFERENCES app_user (id) ON DELETE CASCADE,
        last_seq bigint NOT NULL DEFAULT 0 CHECK (last_seq >= 0),
        last_message_at timestamptz,
        read_seq bigint NOT NULL DEFAULT 0 CHECK (read_seq >= 0),
        PRIMARY KEY (conversation_id, user_id),
        UNIQUE (user_id, other_id)
      )
    `);
    // A member's list, newest first, and the header's count of unread conversations.
    await queryRunner.query(
      'CREATE INDEX conversation_member_list_idx ON conversation_member (user_id, last_message_at DESC, conversation_id DESC) WHERE last_message_at IS NOT NULL',
    );
    await queryRunner.query('CREATE INDEX conversation_member_unread_idx ON conversation_member (user_id) WHERE last_seq > read_seq');
    await queryRunner.query('CREATE INDEX conversation_member_other_idx ON conversation_member (other_id)');
    await queryRunner.query(`
      CREATE TABLE private_message (
        conversation_id integer NOT NULL REFERENCES conversation (id) ON DELETE CASCADE,
        seq bigint NOT NULL CHECK (seq >= 1),
        sender_id integer NOT NULL REFERENCES app_user (id) ON DELETE CASCADE,
        body text NOT NULL CHECK (char_length(body) BETWEEN 1 AND 1000),
        client_key text CHECK (client_key ~ '^[A-Za-z0-9_-]{8,64}$'),
        sent_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (conversation_id, seq)
      )
    `);
    // The send limit counts a sender's messages since T, over all conversations, inside the send statement.
    await queryRunner.query('CREATE INDEX private_message_sender_idx ON private_message (sender_id, sent_at)');
    await queryRunner.query(
      'CREATE UNIQUE INDEX private_message_client_key_idx ON private_message (conversation_id, sender_id, client_key) WHERE client_key IS NOT NULL',
    );
    await queryRunner.query(`
      CREATE TABLE member_block (
        blocker_id integer NOT NULL REFERENCES app_user (id) ON DELETE CASCADE,
        blocked_id integer NOT NULL REFERENCES app_user (id) ON DELETE CASCADE,
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (blocker_id, blocked_id),
        CHECK (blocker_id <> blocked_id)
      )
    `);
    await queryRunner.query('CREATE INDEX member_block_blocked_idx ON member_block (blocked_id)');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query("DELETE FROM stream_sequence WHERE stream LIKE 'conversation:%'");
    for (const table of ['member_block', 'private_message', 'conversation_member', 'conversation']) {
      await queryRunner.query(`DROP TABLE ${table}`);
    }
  }
}
