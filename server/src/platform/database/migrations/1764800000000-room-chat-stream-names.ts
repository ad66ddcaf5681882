import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A room's chat is numbered as the stream `room-chat:{code}` (shared `streams.roomChat`), apart
 * from its delivery channel `room:{code}`; the counters kept under the old name move to the new
 * one, so a room's next message continues its numbering.
 */
export class RoomChatStreamNames1764800000000 implements MigrationInterface {
  name = 'RoomChatStreamNames1764800000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query("UPDATE stream_sequence SET stream = 'room-chat:' || substr(stream, 6) WHERE stream LIKE 'room:%'");
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query("UPDATE stream_sequence SET stream = 'room:' || substr(stream, 11) WHERE stream LIKE 'room-chat:%'");
  }
}
