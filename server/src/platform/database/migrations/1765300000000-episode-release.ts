import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The release of episodes to members: one row per episode the catalog announces, so each is
 * announced once. An import schedules the episodes it adds (`released_at` NULL); the one that
 * has aired is released in the import's transaction, a later one by the scheduler of whichever
 * process finds it aired first (claimed FOR UPDATE SKIP LOCKED). Episodes that existed before
 * were released long ago and get no row; those still to air are scheduled here.
 *
 * The fan-out of a release reads a title's followers and "Haber ver" members in member order,
 * a chunk at a time: (title_id, user_id) serves that keyset and replaces the (title_id) indexes.
 */
export class EpisodeRelease1765300000000 implements MigrationInterface {
  name = 'EpisodeRelease1765300000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE episode_release (
        episode_id integer PRIMARY KEY REFERENCES episode (id) ON DELETE CASCADE,
        released_at timestamptz
      )
    `);
    await queryRunner.query('CREATE INDEX episode_release_pending_idx ON episode_release (episode_id) WHERE released_at IS NULL');
    await queryRunner.query('INSERT INTO episode_release (episode_id) SELECT id FROM episode WHERE air_at > now()');
    for (const table of ['title_follow', 'title_notify']) {
      await queryRunner.query(`CREATE INDEX ${table}_title_user_idx ON ${table} (title_id, user_id)`);
      await queryRunner.query(`DROP INDEX ${table}_title_idx`);
    }
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const table of ['title_follow', 'title_notify']) {
      await queryRunner.query(`CREATE INDEX ${table}_title_idx ON ${table} (title_id)`);
      await queryRunner.query(`DROP INDEX ${table}_title_user_idx`);
    }
    await queryRunner.query('DROP TABLE episode_release');
  }
}
