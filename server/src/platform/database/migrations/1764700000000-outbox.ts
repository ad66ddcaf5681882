import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The outbox: every domain event and every job is written here in the transaction of the change
 * that caused it, and a relay hands it on after commit (events to their consumers, jobs to the
 * job queue). A row stays pending until it was handed on; a failed hand-off is tried again at
 * `available_at`. `outbox_consumption` records which consumer already handled which event, so
 * an event retried for one failing consumer is not handled twice by the others.
 */
export class Outbox1764700000000 implements MigrationInterface {
  name = 'Outbox1764700000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE outbox_message (
        id bigserial PRIMARY KEY,
        kind text NOT NULL CHECK (kind IN ('event', 'job')),
        name text NOT NULL,
        payload jsonb NOT NULL,
        job_id text,
        run_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        available_at timestamptz NOT NULL DEFAULT now(),
        attempts integer NOT NULL DEFAULT 0,
        last_error text,
        delivered_at timestamptz
      )`);
    await queryRunner.query('CREATE INDEX outbox_message_pending_idx ON outbox_message (id) WHERE delivered_at IS NULL');
    await queryRunner.query(`
      CREATE TABLE outbox_consumption (
        consumer text NOT NULL,
        message_id bigint NOT NULL REFERENCES outbox_message (id) ON DELETE CASCADE,
        consumed_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (message_id, consumer)
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE outbox_consumption');
    await queryRunner.query('DROP TABLE outbox_message');
  }
}
