import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A member's state on the catalog: followed, favourite and "Haber ver" titles, watched episode
 * markers, and continue-watching positions. continue_watching keeps one row per member and
 * episode (UNIQUE (user_id, episode_id)); the list shows the newest row of each title. Every row
 * goes with its member, title or episode; each table is indexed by member.
 */
export class MemberState1764100000000 implements MigrationInterface {
  name = 'MemberState1764100000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    for (const table of ['title_follow', 'title_favorite', 'title_notify']) {
      await queryRunner.query(`
        CREATE TABLE ${table} (
          user_id integer NOT NULL REFERENCES app_user (id) ON DELETE CASCADE,
          title_id integer NOT NULL REFERENCES title (id) ON DELETE CASCADE,
          created_at timestamptz NOT NULL DEFAULT now(),
          PRIMARY KEY (user_id, title_id)
        )
      `);
      // The primary key serves lookups by member; this one serves "who follows this title".
      await queryRunner.query(`CREATE INDEX ${table}_title_idx ON ${table} (title_id)`);
    }
    await queryRunner.query(`
      CREATE TABLE watched_episode (
        user_id integer NOT NULL REFERENCES app_user (id) ON DELETE CASCADE,
        episode_id integer NOT NULL REFERENCES episode (id) ON DELETE CASCADE,
        watched_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (user_id, episode_id)
      )
    `);
    await queryRunner.query('CREATE INDEX watched_episode_episode_idx ON watched_episode (episode_id)');
    await queryRunner.query(`
      CREATE TABLE continue_watching (
        id serial PRIMARY KEY,
        user_id integer NOT NULL REFERENCES app_user (id) ON DELETE CASCADE,
        episode_id integer NOT NULL REFERENCES episode (id) ON DELETE CASCADE,
        position_seconds integer NOT NULL CHECK (position_seconds >= 0),
        updated_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (user_id, episode_id)
      )
    `);
    await queryRunner.query('CREATE INDEX continue_watching_user_idx ON continue_watching (user_id, updated_at DESC)');
    await queryRunner.query('CREATE INDEX continue_watching_episode_idx ON continue_watching (episode_id)');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const table of ['continue_watching', 'watched_episode', 'title_notify', 'title_favorite', 'title_follow']) {
      await queryRunner.query(`DROP TABLE ${table}`);
    }
  }
}
