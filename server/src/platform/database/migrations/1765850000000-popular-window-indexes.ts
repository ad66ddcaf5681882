import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The home page's "Popüler" row counts the members who watched each title in a recent window:
 * these indexes read that window's watched marks and continue-watching positions without
 * scanning every member's history.
 */
export class PopularWindowIndexes1765850000000 implements MigrationInterface {
  name = 'PopularWindowIndexes1765850000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('CREATE INDEX watched_episode_watched_at_idx ON watched_episode (watched_at)');
    await queryRunner.query('CREATE INDEX continue_watching_updated_at_idx ON continue_watching (updated_at)');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP INDEX continue_watching_updated_at_idx');
    await queryRunner.query('DROP INDEX watched_episode_watched_at_idx');
  }
}
