import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Notifications: one row per member and `group_key`, so a source repeated (a retried event, a
 * fan-out chunk run twice) or grouped (likes on one comment) updates its row instead of adding
 * one. `seq` is the row's number in the member's stream `notifications:{user_id}`: a row takes a
 * new number whenever it changes (a grouped row that grows is "new" again), so a client catches
 * up by asking for the rows after the last number it holds. `actor_count` counts the members
 * behind a grouped row ("Ayşe ve 12 kişi"); `text` and `link` are what the member sees.
 * `source_event_id` is the outbox id of the domain event that last made or changed the row: the
 * same event delivered again, or an older one arriving late, finds it there and changes nothing.
 * Set-based writers (the fan-out) leave it null.
 * notification_mute holds the kinds a member chose not to receive.
 */
export class Notifications1765000000000 implements MigrationInterface {
  name = 'Notifications1765000000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE notification (
        id bigserial PRIMARY KEY,
        user_id integer NOT NULL REFERENCES app_user (id) ON DELETE CASCADE,
        seq bigint NOT NULL CHECK (seq >= 1),
        kind text NOT NULL CHECK (kind IN ('comment.reply', 'comment.like', 'message', 'room.invite', 'episode.new', 'title.aired')),
        group_key text NOT NULL CHECK (char_length(group_key) BETWEEN 1 AND 200),
        actor_id integer REFERENCES app_user (id) ON DELETE SET NULL,
        actor_count integer NOT NULL DEFAULT 1 CHECK (actor_count >= 0),
        text text NOT NULL CHECK (char_length(text) BETWEEN 1 AND 500),
        link text NOT NULL CHECK (char_length(link) BETWEEN 1 AND 500),
        read_at timestamptz,
        source_event_id bigint,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (user_id, group_key)
      )
    `);
    // Catch-up after a number and pages newest first, per member.
    await queryRunner.query('CREATE UNIQUE INDEX notification_user_seq_idx ON notification (user_id, seq)');
    await queryRunner.query('CREATE INDEX notification_unread_idx ON notification (user_id) WHERE read_at IS NULL');
    await queryRunner.query('CREATE INDEX notification_actor_idx ON notification (actor_id)');
    await queryRunner.query(`
      CREATE TABLE notification_mute (
        user_id integer NOT NULL REFERENCES app_user (id) ON DELETE CASCADE,
        kind text NOT NULL CHECK (kind IN ('comment.reply', 'comment.like', 'message', 'room.invite', 'episode.new', 'title.aired')),
        PRIMARY KEY (user_id, kind)
      )
    `);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE notification_mute');
    await queryRunner.query('DROP TABLE notification');
  }
}
