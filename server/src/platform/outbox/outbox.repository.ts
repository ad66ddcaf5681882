import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { PreparedStatement } from '../database/prepared-statement';

/** The NOTIFY channel that wakes the relays when an outbox write commits. */
export const OUTBOX_CHANNEL = 'seyirlik_outbox';

export type OutboxKind = 'event' | 'job';

export interface OutboxRow {
  id: string;
  kind: OutboxKind;
  name: string;
  payload: unknown;
  job_id: string | null;
  /** For a delayed job: when it is due. */
  run_at: Date | null;
  attempts: number;
}

export interface NewOutboxMessage {
  kind: OutboxKind;
  name: string;
  payload: unknown;
  jobId?: string;
  delayMs?: number;
}

/** A due_in column as milliseconds: min() of no rows is NULL, nothing pending (not "due now", as GREATEST(0, NULL) would say). */
const dueInMsOf = (row: { due_in: number | null } | undefined): number | null => (row?.due_in == null ? null : Math.max(0, row.due_in));

/*
 * Every write's transaction records its message with INSERT, and each relay batch runs CLAIM,
 * CONSUMERS_DONE and FINISH_BATCH: named, so each connection parses and plans them once.
 */
const INSERT = new PreparedStatement<{ id: string }>(
  'outbox_insert',
  `WITH written AS (
     INSERT INTO outbox_message (kind, name, payload, job_id, run_at)
     VALUES ($1, $2, $3::jsonb, $4, CASE WHEN $5::integer > 0 THEN now() + $5::integer * interval '1 millisecond' END)
     RETURNING id
   )
   SELECT id, pg_notify('${OUTBOX_CHANNEL}', '') FROM written`,
);

const CLAIM = new PreparedStatement<OutboxRow>(
  'outbox_claim',
  `SELECT id, kind, name, payload, job_id, run_at, attempts FROM outbox_message
    WHERE delivered_at IS NULL AND available_at <= now()
    ORDER BY id LIMIT $1 FOR UPDATE SKIP LOCKED`,
);

const CONSUMERS_DONE = new PreparedStatement<{ message_id: string; consumer: string }>(
  'outbox_consumers_done',
  'SELECT message_id, consumer FROM outbox_consumption WHERE message_id = ANY($1::bigint[])',
);

const FINISH_BATCH = new PreparedStatement<{ due_in: number | null }>(
  'outbox_finish_batch',
  `WITH consumed AS (
     INSERT INTO outbox_consumption (message_id, consumer)
     SELECT * FROM unnest($1::bigint[], $2::text[]) ON CONFLICT DO NOTHING
   ),
   delivered AS (
     UPDATE outbox_message SET delivered_at = now() WHERE id = ANY($3::bigint[])
   )
   SELECT (EXTRACT(EPOCH FROM (min(available_at) - now())) * 1000)::float8 AS due_in
     FROM outbox_message WHERE delivered_at IS NULL AND NOT (id = ANY($3::bigint[]))`,
);

/** The SQL of the outbox (see the Outbox migration). */
@Injectable()
export class OutboxRepository {
  /**
   * Records a message in the caller's transaction. The NOTIFY in the same statement is delivered
   * when (and only if) the transaction commits, so relays wake right after the commit.
   */
  async insert(manager: EntityManager, message: NewOutboxMessage): Promise<string> {
    const [row] = await INSERT.runIn(manager, [message.kind, message.name, JSON.stringify(message.payload), message.jobId ?? null, message.delayMs ?? 0]);
    return String(row!.id);
  }

  /**
   * Takes up to `limit` due messages, oldest first, locked until the transaction ends; rows
   * another relay holds are skipped, so two relays never work on one message at once.
   */
  async claimDue(manager: EntityManager, limit: number): Promise<OutboxRow[]> {
    const rows = await CLAIM.runIn(manager, [limit]);
    return rows.map((row) => ({ ...row, id: String(row.id) }));
  }

  /** The consumers that already handled each of the messages, by message id. */
  async consumersDone(manager: EntityManager, messageIds: string[]): Promise<Map<string, Set<string>>> {
    const rows = await CONSUMERS_DONE.runIn(manager, [messageIds]);
    const done = new Map<string, Set<string>>();
    for (const row of rows) {
      const id = String(row.message_id);
      done.set(id, (done.get(id) ?? new Set()).add(row.consumer));
    }
    return done;
  }

  /**
   * Ends a relay's batch in one statement: records which consumers handled which events, marks
   * the messages handed on, and answers the milliseconds until the next pending message is due
   * (0 when one is due now, null when none is pending), as nextDueInMs does.
   */
  async finishBatch(manager: EntityManager, consumed: ReadonlyArray<{ messageId: string; consumer: string }>, deliveredIds: readonly string[]): Promise<number | null> {
    const [row] = await FINISH_BATCH.runIn(manager, [consumed.map((entry) => entry.messageId), consumed.map((entry) => entry.consumer), deliveredIds]);
    return dueInMsOf(row);
  }

  async retryLater(manager: EntityManager, messageId: string, delayMs: number, error: string): Promise<void> {
    await manager.query(
      `UPDATE outbox_message SET attempts = attempts + 1, last_error = $3,
              available_at = now() + $2::integer * interval '1 millisecond'
        WHERE id = $1`,
      [messageId, Math.round(delayMs), error.slice(0, 2000)],
    );
  }

  /** Milliseconds until the next pending message is due (0 when one is due now), or null when none is pending. */
  async nextDueInMs(manager: EntityManager): Promise<number | null> {
    const [row] = (await manager.query(
      `SELECT (EXTRACT(EPOCH FROM (min(available_at) - now())) * 1000)::float8 AS due_in
         FROM outbox_message WHERE delivered_at IS NULL`,
    )) as Array<{ due_in: number | null }>;
    return dueInMsOf(row);
  }

  /** Drops messages handed on longer ago than `hours` (their consumption rows go with them). */
  async pruneDelivered(manager: EntityManager, hours: number): Promise<void> {
    await manager.query("DELETE FROM outbox_message WHERE delivered_at < now() - $1::integer * interval '1 hour'", [hours]);
  }
}
