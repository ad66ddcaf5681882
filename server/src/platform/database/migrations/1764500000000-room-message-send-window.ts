import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The chat's send limit counts a member's recent messages in a room inside the insert statement
 * (RoomsRepository.insertMessage): this index answers "messages of this author in this room since
 * T" from a short range. It replaces the index on author_id alone, whose lookups it still serves
 * as its leading column.
 */
export class RoomMessageSendWindow1764500000000 implements MigrationInterface {
  name = 'RoomMessageSendWindow1764500000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('CREATE INDEX watch_room_message_author_room_idx ON watch_room_message (author_id, room_id, sent_at)');
    await queryRunner.query('DROP INDEX watch_room_message_author_idx');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('CREATE INDEX watch_room_message_author_idx ON watch_room_message (author_id)');
    await queryRunner.query('DROP INDEX watch_room_message_author_room_idx');
  }
}
