import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The ordinary lists' head indexes, by name and column list, remade to leave timed comments out. */
const HEAD_INDEXES = [
  ['comment_title_newest_idx', '(title_id, id DESC)', 'parent_id IS NULL'],
  ['comment_title_liked_idx', '(title_id, like_count DESC, id DESC)', 'parent_id IS NULL'],
  ['comment_episode_newest_idx', '(episode_id, id DESC)', 'parent_id IS NULL AND episode_id IS NOT NULL'],
  ['comment_episode_liked_idx', '(episode_id, like_count DESC, id DESC)', 'parent_id IS NULL AND episode_id IS NOT NULL'],
] as const;

/**
 * Timed comments: a comment pinned to a second of an episode (`position_seconds`; NULL is an
 * ordinary comment), so length, markup, send limit, reports and deletion stay the comments' own.
 * Every ordinary list leaves them out, so their head indexes gain that condition (an episode with
 * thousands of timed comments must not slow its ordinary list). The lane reads a window of seconds
 * and the heat strip counts per second range from one partial index, index-only.
 *
 * A watch-together room's chat message keeps the room's playback second when it was sent
 * (`position_seconds`; NULL for messages sent before), so the conversation can be replayed in time.
 */
export class TimedComments1765860000000 implements MigrationInterface {
  name = 'TimedComments1765860000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE comment ADD COLUMN position_seconds integer CHECK (position_seconds >= 0)');
    // A timed comment is on an episode and starts no thread.
    await queryRunner.query(
      'ALTER TABLE comment ADD CONSTRAINT comment_timed_shape CHECK (position_seconds IS NULL OR (episode_id IS NOT NULL AND parent_id IS NULL))',
    );
    await queryRunner.query(
      'CREATE INDEX comment_timed_idx ON comment (episode_id, position_seconds, id) WHERE position_seconds IS NOT NULL AND deleted_at IS NULL',
    );
    for (const [name, columns, condition] of HEAD_INDEXES) {
      await queryRunner.query(`DROP INDEX ${name}`);
      await queryRunner.query(`CREATE INDEX ${name} ON comment ${columns} WHERE ${condition} AND position_seconds IS NULL`);
    }
    await queryRunner.query('ALTER TABLE watch_room_message ADD COLUMN position_seconds integer CHECK (position_seconds >= 0)');
    await queryRunner.query(
      'CREATE INDEX watch_room_message_timed_idx ON watch_room_message (room_id, position_seconds, seq) WHERE position_seconds IS NOT NULL',
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP INDEX watch_room_message_timed_idx');
    await queryRunner.query('ALTER TABLE watch_room_message DROP COLUMN position_seconds');
    for (const [name, columns, condition] of HEAD_INDEXES) {
      await queryRunner.query(`DROP INDEX ${name}`);
      await queryRunner.query(`CREATE INDEX ${name} ON comment ${columns} WHERE ${condition}`);
    }
    await queryRunner.query('DELETE FROM comment WHERE position_seconds IS NOT NULL');
    await queryRunner.query('DROP INDEX comment_timed_idx');
    await queryRunner.query('ALTER TABLE comment DROP CONSTRAINT comment_timed_shape');
    await queryRunner.query('ALTER TABLE comment DROP COLUMN position_seconds');
  }
}
