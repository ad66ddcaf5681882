import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Reports of forum topics and of flow and group posts (comments keep theirs in comment_report).
 * `target_id` names the topic or post within its `subject`; no foreign key, since a report outlives
 * what it reports for moderation, and `target_text` keeps a copy of it as it was. One open report
 * per member and target (the partial unique index); the queue is read by status and age.
 */
export class ContentReports1765840000000 implements MigrationInterface {
  name = 'ContentReports1765840000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE content_report (
        id serial PRIMARY KEY,
        subject text NOT NULL CHECK (subject IN ('discussion', 'post')),
        target_id bigint NOT NULL CHECK (target_id > 0),
        target_author_id integer REFERENCES app_user (id) ON DELETE SET NULL,
        reporter_id integer NOT NULL REFERENCES app_user (id) ON DELETE CASCADE,
        reason text NOT NULL CHECK (reason IN ('spoiler', 'abuse', 'spam', 'other')),
        description text NOT NULL DEFAULT '',
        target_text text NOT NULL,
        status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'resolved', 'dismissed')),
        created_at timestamptz NOT NULL DEFAULT now(),
        resolved_at timestamptz
      )
    `);
    await queryRunner.query("CREATE UNIQUE INDEX content_report_open_key ON content_report (subject, target_id, reporter_id) WHERE status = 'open'");
    await queryRunner.query('CREATE INDEX content_report_queue_idx ON content_report (status, created_at)');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE content_report');
  }
}
