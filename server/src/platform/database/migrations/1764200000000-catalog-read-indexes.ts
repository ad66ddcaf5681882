import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Indexes for the catalog's reads at 20,000 titles. The home page's newest titles are ordered by
 * import time; without this index every request sorted the whole title table.
 */
export class CatalogReadIndexes1764200000000 implements MigrationInterface {
  name = 'CatalogReadIndexes1764200000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('CREATE INDEX title_created_idx ON title (created_at DESC, id DESC)');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP INDEX title_created_idx');
  }
}
