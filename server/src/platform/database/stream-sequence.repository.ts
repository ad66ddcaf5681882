import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';

/**
 * Hands out the next number of a stream. Call it inside the transaction that inserts the row:
 * the row lock on the counter serialises writers of one stream, so numbers commit in order
 * and a reader's "after N" cursor never skips a row that committed late.
 */
@Injectable()
export class StreamSequenceRepository {
  async next(manager: EntityManager, stream: string): Promise<number> {
    if (!manager.queryRunner?.isTransactionActive) {
      throw new Error('StreamSequenceRepository.next must run inside a transaction');
    }
    const rows: Array<{ last_seq: string }> = await manager.query(
      `INSERT INTO stream_sequence (stream, last_seq) VALUES ($1, 1)
       ON CONFLICT (stream) DO UPDATE SET last_seq = stream_sequence.last_seq + 1
       RETURNING last_seq`,
      [stream],
    );
    return Number(rows[0]!.last_seq);
  }

  async current(manager: EntityManager, stream: string): Promise<number> {
    const rows: Array<{ last_seq: string }> = await manager.query(
      'SELECT last_seq FROM stream_sequence WHERE stream = $1',
      [stream],
    );
    return rows.length ? Number(rows[0]!.last_seq) : 0;
  }
}
