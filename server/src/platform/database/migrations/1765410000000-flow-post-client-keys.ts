import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Idempotency keys of flow posts, as of chat messages and comments: our client makes one per
 * composed post and sends it again with every retry, so a post whose answer was lost is not stored
 * twice. Unique per author where given; legacy clients send none (NULL), and their rows are not
 * constrained. The index also answers the insert's "already stored?" conflict.
 */
export class FlowPostClientKeys1765410000000 implements MigrationInterface {
  name = 'FlowPostClientKeys1765410000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query("ALTER TABLE flow_post ADD COLUMN client_key text CHECK (client_key ~ '^[A-Za-z0-9_-]{8,64}$')");
    await queryRunner.query('CREATE UNIQUE INDEX flow_post_client_key_idx ON flow_post (author_id, client_key) WHERE client_key IS NOT NULL');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP INDEX flow_post_client_key_idx');
    await queryRunner.query('ALTER TABLE flow_post DROP COLUMN client_key');
  }
}
