import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Every notification kind after this migration (NOTIFICATION_KINDS in shared-contracts). */
const KINDS = ['comment.reply', 'comment.like', 'message', 'room.invite', 'episode.new', 'title.aired', 'flow.reaction', 'poll.vote', 'badge'];
/** The kinds before it: what `down` goes back to. */
const KINDS_BEFORE = KINDS.filter((kind) => kind !== 'badge');

/**
 * Badges: member_badge holds each badge a member earned, once (the primary key), with when and
 * the outbox id of the domain event that awarded it (`source_event_id`: the consumer of that
 * event, delivered again, finds its own award and makes its notification once).
 *
 * The notification kind CHECKs of notification and notification_mute are stated again with the
 * full list, 'badge' added. Whatever CHECK on `kind` an earlier migration left (under any name) is
 * dropped first, so the list here is the one in force.
 */
export class Badges1765600000000 implements MigrationInterface {
  name = 'Badges1765600000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE member_badge (
        user_id integer NOT NULL REFERENCES app_user (id) ON DELETE CASCADE,
        badge text NOT NULL CHECK (char_length(badge) BETWEEN 1 AND 64),
        awarded_at timestamptz NOT NULL DEFAULT now(),
        source_event_id bigint NOT NULL,
        PRIMARY KEY (user_id, badge)
      )
    `);
    // A profile's list: newest first per member.
    await queryRunner.query('CREATE INDEX member_badge_newest_idx ON member_badge (user_id, awarded_at DESC, badge)');
    await restateKindChecks(queryRunner, KINDS);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DELETE FROM notification_mute WHERE kind = 'badge'`);
    await queryRunner.query(`DELETE FROM notification WHERE kind = 'badge'`);
    await restateKindChecks(queryRunner, KINDS_BEFORE);
    await queryRunner.query('DROP TABLE member_badge');
  }
}

/** Replaces every CHECK on the `kind` column of both tables with one allowing exactly `kinds`. */
async function restateKindChecks(queryRunner: QueryRunner, kinds: readonly string[]): Promise<void> {
  const list = kinds.map((kind) => `'${kind}'`).join(', ');
  for (const table of ['notification', 'notification_mute']) {
    const checks = (await queryRunner.query(
      `SELECT c.conname FROM pg_constraint c
         JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = ANY (c.conkey)
        WHERE c.conrelid = $1::regclass AND c.contype = 'c' AND a.attname = 'kind'`,
      [table],
    )) as Array<{ conname: string }>;
    for (const { conname } of checks) await queryRunner.query(`ALTER TABLE ${table} DROP CONSTRAINT "${conname}"`);
    await queryRunner.query(`ALTER TABLE ${table} ADD CONSTRAINT ${table}_kind_check CHECK (kind IN (${list}))`);
  }
}
