import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * `addClap` and `actionData` (seed §7). episode_clap: a member's applause for an episode, once
 * (the primary key, episode first so an episode's count reads its own range). source_issue_report:
 * a member's report of a problem (`issue` 1–5) with a video group, and where the player was
 * (`player_status` 0 or 1); once per member, group and problem.
 */
export class EpisodeClapsSourceIssues1765820500000 implements MigrationInterface {
  name = 'EpisodeClapsSourceIssues1765820500000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE episode_clap (
        episode_id integer NOT NULL REFERENCES episode (id) ON DELETE CASCADE,
        user_id integer NOT NULL REFERENCES app_user (id) ON DELETE CASCADE,
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (episode_id, user_id)
      )
    `);
    await queryRunner.query('CREATE INDEX episode_clap_user_idx ON episode_clap (user_id)');
    await queryRunner.query(`
      CREATE TABLE source_issue_report (
        id serial PRIMARY KEY,
        video_group_id integer NOT NULL REFERENCES video_group (id) ON DELETE CASCADE,
        user_id integer NOT NULL REFERENCES app_user (id) ON DELETE CASCADE,
        issue smallint NOT NULL CHECK (issue BETWEEN 1 AND 5),
        player_status smallint NOT NULL CHECK (player_status IN (0, 1)),
        created_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (video_group_id, user_id, issue)
      )
    `);
    await queryRunner.query('CREATE INDEX source_issue_report_user_idx ON source_issue_report (user_id)');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE source_issue_report');
    await queryRunner.query('DROP TABLE episode_clap');
  }
}
