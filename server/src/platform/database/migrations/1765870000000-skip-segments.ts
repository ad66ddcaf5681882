import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Skip markings: a member marks an intro, a recap or end credits on one video source of an
 * episode (sources differ in their offsets); members confirm or reject it. The counts live in the
 * marking's row, changed under its row lock together with the vote (one per member and marking,
 * the author's own confirmation among them), so the read of a source's markings sums nothing.
 */
export class SkipSegments1765870000000 implements MigrationInterface {
  name = 'SkipSegments1765870000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE skip_segment (
        id serial PRIMARY KEY,
        source_id integer NOT NULL REFERENCES video_source (id) ON DELETE CASCADE,
        episode_id integer NOT NULL REFERENCES episode (id) ON DELETE CASCADE,
        kind text NOT NULL CHECK (kind IN ('intro', 'recap', 'credits')),
        start_seconds integer NOT NULL CHECK (start_seconds >= 0),
        end_seconds integer NOT NULL,
        author_id integer NOT NULL REFERENCES app_user (id) ON DELETE CASCADE,
        confirmations integer NOT NULL DEFAULT 1 CHECK (confirmations >= 0),
        rejections integer NOT NULL DEFAULT 0 CHECK (rejections >= 0),
        created_at timestamptz NOT NULL DEFAULT now(),
        CHECK (end_seconds > start_seconds)
      )
    `);
    // A source's markings are read (and checked for overlaps) by source and kind.
    await queryRunner.query('CREATE INDEX skip_segment_source_idx ON skip_segment (source_id, kind, start_seconds)');
    await queryRunner.query('CREATE INDEX skip_segment_episode_idx ON skip_segment (episode_id)');
    await queryRunner.query('CREATE INDEX skip_segment_author_idx ON skip_segment (author_id)');
    await queryRunner.query(`
      CREATE TABLE skip_segment_vote (
        segment_id integer NOT NULL REFERENCES skip_segment (id) ON DELETE CASCADE,
        user_id integer NOT NULL REFERENCES app_user (id) ON DELETE CASCADE,
        confirm boolean NOT NULL,
        voted_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (segment_id, user_id)
      )
    `);
    await queryRunner.query('CREATE INDEX skip_segment_vote_user_idx ON skip_segment_vote (user_id)');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE skip_segment_vote');
    await queryRunner.query('DROP TABLE skip_segment');
  }
}
