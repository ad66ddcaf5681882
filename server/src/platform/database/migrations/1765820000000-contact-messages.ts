import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Contact messages (seed §7 `/send/contact`): what a person wrote, as typed (markup is text,
 * escaped wherever it is shown), with the sender's member id when logged in, and the mail_outbox
 * row of the mail that tells the operator about it. No IP address is kept (the rate limit counts
 * by address in Redis or memory, and nothing else in the site stores addresses of visitors).
 */
export class ContactMessages1765820000000 implements MigrationInterface {
  name = 'ContactMessages1765820000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE contact_message (
        id serial PRIMARY KEY,
        user_id integer REFERENCES app_user (id) ON DELETE SET NULL,
        name text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 200),
        email text NOT NULL CHECK (char_length(email) BETWEEN 3 AND 320),
        subject text NOT NULL CHECK (char_length(subject) BETWEEN 1 AND 400),
        message text NOT NULL CHECK (char_length(message) BETWEEN 1 AND 20000),
        mail_outbox_id bigint REFERENCES mail_outbox (id) ON DELETE SET NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )
    `);
    await queryRunner.query('CREATE INDEX contact_message_created_idx ON contact_message (created_at DESC)');
    await queryRunner.query('CREATE INDEX contact_message_user_idx ON contact_message (user_id) WHERE user_id IS NOT NULL');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE contact_message');
  }
}
