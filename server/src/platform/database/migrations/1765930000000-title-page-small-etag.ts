import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A stored title page carries the ETag its route's full way sends with it, which is none for a
 * page under the size from which answers get one (answerEtag, COMPRESSION_THRESHOLD_BYTES): a
 * stored page may have no ETag. Pages made before are in another format (TITLE_PAGE_FORMAT takes
 * in the rule) and are made again.
 */
export class TitlePageSmallEtag1765930000000 implements MigrationInterface {
  name = 'TitlePageSmallEtag1765930000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE title_page DROP CONSTRAINT title_page_check');
    await queryRunner.query(
      'ALTER TABLE title_page ADD CONSTRAINT title_page_check CHECK ((body IS NULL) = (format IS NULL) AND (body IS NOT NULL OR etag IS NULL))',
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    // A page stored without an ETag is made again, as every page of another format is.
    await queryRunner.query('UPDATE title_page SET body = NULL, format = NULL WHERE body IS NOT NULL AND etag IS NULL');
    await queryRunner.query('ALTER TABLE title_page DROP CONSTRAINT title_page_check');
    await queryRunner.query(
      'ALTER TABLE title_page ADD CONSTRAINT title_page_check CHECK ((body IS NULL) = (format IS NULL) AND (body IS NULL) = (etag IS NULL))',
    );
  }
}
