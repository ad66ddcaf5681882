import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Comments on titles and episodes, their likes and reports.
 *
 * A comment always names its title; `episode_id` is set for a comment on an episode (a reply takes
 * its thread's title and episode). Replies point at their thread's first comment (`parent_id`), one
 * level deep. A deleted comment keeps its row (`deleted_at` set, text emptied) so its replies stay
 * readable under "Silinmiş yorum". `like_count` is kept in step with `comment_like` in the same
 * transaction, under the comment's row lock; `like_version` counts those changes, so a client that
 * receives counts out of order keeps the newest. At most one open report per member and comment.
 */
export class Comments1764300000000 implements MigrationInterface {
  name = 'Comments1764300000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE comment (
        id serial PRIMARY KEY,
        user_id integer NOT NULL REFERENCES app_user (id) ON DELETE CASCADE,
        title_id integer NOT NULL REFERENCES title (id) ON DELETE CASCADE,
        episode_id integer REFERENCES episode (id) ON DELETE CASCADE,
        parent_id integer REFERENCES comment (id) ON DELETE CASCADE,
        text text NOT NULL,
        spoiler boolean NOT NULL DEFAULT false,
        like_count integer NOT NULL DEFAULT 0 CHECK (like_count >= 0),
        like_version integer NOT NULL DEFAULT 0,
        created_at timestamptz NOT NULL DEFAULT now(),
        deleted_at timestamptz,
        CHECK (parent_id IS NULL OR parent_id <> id)
      )
    `);
    // The pages list thread heads newest first or most liked first, per title or per episode.
    await queryRunner.query('CREATE INDEX comment_title_newest_idx ON comment (title_id, id DESC) WHERE parent_id IS NULL');
    await queryRunner.query('CREATE INDEX comment_title_liked_idx ON comment (title_id, like_count DESC, id DESC) WHERE parent_id IS NULL');
    await queryRunner.query(
      'CREATE INDEX comment_episode_newest_idx ON comment (episode_id, id DESC) WHERE parent_id IS NULL AND episode_id IS NOT NULL',
    );
    await queryRunner.query(
      'CREATE INDEX comment_episode_liked_idx ON comment (episode_id, like_count DESC, id DESC) WHERE parent_id IS NULL AND episode_id IS NOT NULL',
    );
    await queryRunner.query('CREATE INDEX comment_parent_idx ON comment (parent_id, id) WHERE parent_id IS NOT NULL');
    await queryRunner.query('CREATE INDEX comment_user_idx ON comment (user_id, id DESC)');

    await queryRunner.query(`
      CREATE TABLE comment_like (
        comment_id integer NOT NULL REFERENCES comment (id) ON DELETE CASCADE,
        user_id integer NOT NULL REFERENCES app_user (id) ON DELETE CASCADE,
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (comment_id, user_id)
      )
    `);
    await queryRunner.query('CREATE INDEX comment_like_user_idx ON comment_like (user_id)');

    // `comment_text` keeps what was reported, since the author may delete or the text may change.
    await queryRunner.query(`
      CREATE TABLE comment_report (
        id serial PRIMARY KEY,
        comment_id integer NOT NULL REFERENCES comment (id) ON DELETE CASCADE,
        reporter_id integer NOT NULL REFERENCES app_user (id) ON DELETE CASCADE,
        reason text NOT NULL CHECK (reason IN ('spoiler', 'abuse', 'spam', 'other')),
        description text NOT NULL DEFAULT '',
        comment_text text NOT NULL,
        status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'resolved', 'dismissed')),
        created_at timestamptz NOT NULL DEFAULT now(),
        resolved_at timestamptz
      )
    `);
    await queryRunner.query("CREATE UNIQUE INDEX comment_report_open_key ON comment_report (comment_id, reporter_id) WHERE status = 'open'");
    await queryRunner.query('CREATE INDEX comment_report_queue_idx ON comment_report (status, created_at)');
    await queryRunner.query('CREATE INDEX comment_report_reporter_idx ON comment_report (reporter_id)');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const table of ['comment_report', 'comment_like', 'comment']) await queryRunner.query(`DROP TABLE ${table}`);
  }
}
