import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Idempotency keys of sends: a client makes one per composed chat message or comment and sends it
 * again with every retry, so a send whose answer was lost is not stored twice. The key is unique
 * per author (and room, for chat) where given; legacy clients send none (NULL), and their rows are
 * not constrained. The chat index also answers the insert statement's "already stored?" lookup.
 */
export class SendIdempotencyKeys1764600000000 implements MigrationInterface {
  name = 'SendIdempotencyKeys1764600000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query("ALTER TABLE watch_room_message ADD COLUMN client_key text CHECK (client_key ~ '^[A-Za-z0-9_-]{8,64}$')");
    await queryRunner.query(
      'CREATE UNIQUE INDEX watch_room_message_client_key_idx ON watch_room_message (room_id, author_id, client_key) WHERE client_key IS NOT NULL',
    );
    await queryRunner.query("ALTER TABLE comment ADD COLUMN client_key text CHECK (client_key ~ '^[A-Za-z0-9_-]{8,64}$')");
    await queryRunner.query('CREATE UNIQUE INDEX comment_client_key_idx ON comment (user_id, client_key) WHERE client_key IS NOT NULL');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP INDEX comment_client_key_idx');
    await queryRunner.query('ALTER TABLE comment DROP COLUMN client_key');
    await queryRunner.query('DROP INDEX watch_room_message_client_key_idx');
    await queryRunner.query('ALTER TABLE watch_room_message DROP COLUMN client_key');
  }
}
