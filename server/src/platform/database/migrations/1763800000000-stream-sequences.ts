import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Per-stream message numbering for real-time delivery: a chat room, a conversation or a member's
 * notifications each take their next number inside the insert transaction, so numbers commit in order.
 */
export class StreamSequences1763800000000 implements MigrationInterface {
  name = 'StreamSequences1763800000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE stream_sequence (
        stream text PRIMARY KEY CHECK (char_length(stream) BETWEEN 1 AND 200),
        last_seq bigint NOT NULL DEFAULT 0 CHECK (last_seq >= 0)
      )
    `);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE stream_sequence');
  }
}
