import { Injectable } from '@nestjs/common';
import type { StreamName } from '@seyirlik/shared-contracts';
import type { EntityManager } from 'typeorm';

/**
 * The next number of the stream named by the statement parameter `streamParameter` (e.g. `$1`), as
 * a CTE body answering `last_seq`, for one statement that takes the number and inserts the
 * numbered row: the statement is a transaction of its own, and the counter's row lock is held
 * until it commits, so the numbers commit in order as with `next` inside a transaction, in one
 * round trip instead of four. With `onlyFrom` (a FROM item, e.g. a CTE's name) the number is taken
 * only when it yields a row, so a refused write leaves the counter alone.
 */
export function nextSequenceCte(streamParameter: string, onlyFrom?: string): string {
  const source = onlyFrom === undefined ? `VALUES (${streamParameter}, 1)` : `SELECT ${streamParameter}, 1 FROM ${onlyFrom}`;
  return `INSERT INTO stream_sequence (stream, last_seq) ${source}
       ON CONFLICT (stream) DO UPDATE SET last_seq = stream_sequence.last_seq + 1
       RETURNING last_seq`;
}

/**
 * Hands out the next number of a stream (named by the shared `streams` helpers, never by the
 * channel it is delivered on). Call it inside the transaction that inserts the row:
 * the row lock on the counter serialises writers of one stream, so numbers commit in order
 * and a reader's "after N" cursor never skips a row that committed late.
 */
@Injectable()
export class StreamSequenceRepository {
  async next(manager: EntityManager, stream: StreamName): Promise<number> {
    if (!manager.queryRunner?.isTransactionActive) {
      throw new Error('StreamSequenceRepository.next must run inside a transaction');
    }
    const rows: Array<{ last_seq: string }> = await manager.query(nextSequenceCte('$1'), [stream]);
    return Number(rows[0]!.last_seq);
  }

  async current(manager: EntityManager, stream: StreamName): Promise<number> {
    return (await this.heads(manager, [stream])).get(stream) ?? 0;
  }

  /**
   * The newest number of each stream, in one query; a stream never written yet answers 0. Only
   * committed numbers are seen, so a head never runs ahead of the rows a reader can fetch.
   */
  async heads(manager: EntityManager, streams: readonly StreamName[]): Promise<Map<StreamName, number>> {
    const rows: Array<{ stream: StreamName; last_seq: string }> = await manager.query(
      'SELECT stream, last_seq FROM stream_sequence WHERE stream = ANY($1::text[])',
      [streams],
    );
    const heads = new Map<StreamName, number>(streams.map((stream) => [stream, 0]));
    for (const row of rows) heads.set(row.stream, Number(row.last_seq));
    return heads;
  }
}
