import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The stored title pages are read whole by each server process's check of the pages it holds in
 * memory (TitlePages), every 10 s: a fingerprint of every title's page version. PostgreSQL planned
 * that scan with two parallel workers (the table is some 25 MB at 20,000 titles), which took three
 * processes and about 14 ms where one process takes about 8 ms: the table is scanned by one process.
 */
export class TitlePageSerialScan1765920000000 implements MigrationInterface {
  name = 'TitlePageSerialScan1765920000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE title_page SET (parallel_workers = 0)');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE title_page RESET (parallel_workers)');
  }
}
