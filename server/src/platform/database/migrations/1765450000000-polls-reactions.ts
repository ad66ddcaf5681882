import type { MigrationInterface, QueryRunner } from 'typeorm';

const KINDS_BEFORE = ['comment.reply', 'comment.like', 'message', 'room.invite', 'episode.new', 'title.aired'];
const KINDS_AFTER = [...KINDS_BEFORE, 'flow.reaction', 'poll.vote'];
const kindCheck = (kinds: readonly string[]) => `CHECK (kind IN (${kinds.map((kind) => `'${kind}'`).join(', ')}))`;

/** Re-states the notification kinds' CHECK of both tables (PostgreSQL names a column's CHECK `{table}_kind_check`). */
async function restateNotificationKinds(queryRunner: QueryRunner, kinds: readonly string[]): Promise<void> {
  for (const table of ['notification', 'notification_mute']) {
    await queryRunner.query(`ALTER TABLE ${table} DROP CONSTRAINT ${table}_kind_check, ADD CONSTRAINT ${table}_kind_check ${kindCheck(kinds)}`);
  }
}

/**
 * Polls and reactions on flow and group posts, with their counts kept in the database.
 *
 * poll: a poll post's question (addressed by its post), its optional closing time, `total` the
 * votes cast and `version`, bumped by every vote, so of two pushed results the newer wins.
 * poll_option: its answers in `position` order with `votes`. poll_vote: one per member and poll;
 * the composite key to (post_id, id) makes a vote for another poll's option impossible.
 * Votes change `votes`, `total` and `version` in the statement that writes the vote, under the
 * poll's row lock, so the counts are exact under any concurrency.
 *
 * flow_reaction: one reaction per member and post, of a fixed set of kinds. flow_reaction_count:
 * the count per post and kind; flow_reaction_total: the post's total and `version` (its row is
 * the lock reactions on one post take, made by the first reaction).
 *
 * The notification kinds grow by 'flow.reaction' and 'poll.vote'.
 */
export class PollsReactions1765450000000 implements MigrationInterface {
  name = 'PollsReactions1765450000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE poll (
        post_id bigint PRIMARY KEY REFERENCES flow_post (id) ON DELETE CASCADE,
        question text NOT NULL CHECK (char_length(question) BETWEEN 1 AND 2000),
        closes_at timestamptz,
        total integer NOT NULL DEFAULT 0 CHECK (total >= 0),
        version bigint NOT NULL DEFAULT 0 CHECK (version >= 0)
      )
    `);
    await queryRunner.query(`
      CREATE TABLE poll_option (
        id bigserial PRIMARY KEY,
        post_id bigint NOT NULL REFERENCES poll (post_id) ON DELETE CASCADE,
        position smallint NOT NULL CHECK (position >= 0),
        label text NOT NULL CHECK (char_length(label) BETWEEN 1 AND 2000),
        votes integer NOT NULL DEFAULT 0 CHECK (votes >= 0),
        UNIQUE (post_id, position),
        UNIQUE (post_id, id)
      )
    `);
    await queryRunner.query(`
      CREATE TABLE poll_vote (
        post_id bigint NOT NULL REFERENCES poll (post_id) ON DELETE CASCADE,
        user_id integer NOT NULL REFERENCES app_user (id) ON DELETE CASCADE,
        option_id bigint NOT NULL,
        voted_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (post_id, user_id),
        FOREIGN KEY (post_id, option_id) REFERENCES poll_option (post_id, id) ON DELETE CASCADE
      )
    `);
    await queryRunner.query('CREATE INDEX poll_vote_user_idx ON poll_vote (user_id)');
    await queryRunner.query(`
      CREATE TABLE flow_reaction (
        post_id bigint NOT NULL REFERENCES flow_post (id) ON DELETE CASCADE,
        user_id integer NOT NULL REFERENCES app_user (id) ON DELETE CASCADE,
        kind text NOT NULL CHECK (kind IN ('like', 'love', 'haha', 'wow', 'sad', 'angry')),
        reacted_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (post_id, user_id)
      )
    `);
    await queryRunner.query('CREATE INDEX flow_reaction_user_idx ON flow_reaction (user_id)');
    await queryRunner.query(`
      CREATE TABLE flow_reaction_count (
        post_id bigint NOT NULL REFERENCES flow_post (id) ON DELETE CASCADE,
        kind text NOT NULL CHECK (kind IN ('like', 'love', 'haha', 'wow', 'sad', 'angry')),
        count integer NOT NULL CHECK (count >= 0),
        PRIMARY KEY (post_id, kind)
      )
    `);
    await queryRunner.query(`
      CREATE TABLE flow_reaction_total (
        post_id bigint PRIMARY KEY REFERENCES flow_post (id) ON DELETE CASCADE,
        total integer NOT NULL DEFAULT 0 CHECK (total >= 0),
        version bigint NOT NULL DEFAULT 0 CHECK (version >= 0)
      )
    `);
    await restateNotificationKinds(queryRunner, KINDS_AFTER);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query("DELETE FROM notification WHERE kind IN ('flow.reaction', 'poll.vote')");
    await queryRunner.query("DELETE FROM notification_mute WHERE kind IN ('flow.reaction', 'poll.vote')");
    await restateNotificationKinds(queryRunner, KINDS_BEFORE);
    await queryRunner.query('DROP TABLE flow_reaction_total, flow_reaction_count, flow_reaction, poll_vote, poll_option, poll');
  }
}
