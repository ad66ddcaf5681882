import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Members, their sessions, password resets, stored images and the mail outbox. */
export class Accounts1763900000000 implements MigrationInterface {
  name = 'Accounts1763900000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE media_file (
        id uuid PRIMARY KEY,
        owner_id integer,
        content_type text NOT NULL,
        bytes bytea NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )
    `);
    await queryRunner.query(`
      CREATE TABLE app_user (
        id serial PRIMARY KEY,
        username text NOT NULL,
        email text NOT NULL,
        password_hash text NOT NULL,
        profile_name text NOT NULL,
        about text NOT NULL DEFAULT '',
        country text NOT NULL DEFAULT '',
        facebook text,
        twitter text,
        instagram text,
        avatar_id uuid REFERENCES media_file (id) ON DELETE SET NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )
    `);
    // Usernames are ASCII by rule and e-mail addresses are stored lower-cased, so these indexes
    // make both unique regardless of case under any database locale.
    await queryRunner.query('CREATE UNIQUE INDEX app_user_username_key ON app_user (lower(username))');
    await queryRunner.query('CREATE UNIQUE INDEX app_user_email_key ON app_user (email)');
    await queryRunner.query('ALTER TABLE media_file ADD CONSTRAINT media_file_owner_fk FOREIGN KEY (owner_id) REFERENCES app_user (id) ON DELETE CASCADE');
    await queryRunner.query(`
      CREATE TABLE user_session (
        id bigserial PRIMARY KEY,
        user_id integer NOT NULL REFERENCES app_user (id) ON DELETE CASCADE,
        token_hash bytea NOT NULL UNIQUE,
        remember boolean NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        last_seen_at timestamptz NOT NULL DEFAULT now(),
        expires_at timestamptz NOT NULL,
        user_agent text NOT NULL DEFAULT '',
        ip text NOT NULL DEFAULT ''
      )
    `);
    await queryRunner.query('CREATE INDEX user_session_user_idx ON user_session (user_id)');
    await queryRunner.query(`
      CREATE TABLE password_reset (
        id bigserial PRIMARY KEY,
        user_id integer NOT NULL REFERENCES app_user (id) ON DELETE CASCADE,
        token_hash bytea NOT NULL UNIQUE,
        created_at timestamptz NOT NULL DEFAULT now(),
        expires_at timestamptz NOT NULL,
        used_at timestamptz
      )
    `);
    // Uploaded files wait here, as sent, until a job has checked and re-encoded them into media_file.
    await queryRunner.query(`
      CREATE TABLE media_upload (
        id uuid PRIMARY KEY,
        owner_id integer NOT NULL REFERENCES app_user (id) ON DELETE CASCADE,
        bytes bytea NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )
    `);
    await queryRunner.query(`
      CREATE TABLE mail_outbox (
        id bigserial PRIMARY KEY,
        recipient text NOT NULL,
        subject text NOT NULL,
        text_body text NOT NULL,
        html_body text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        sent_at timestamptz
      )
    `);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE mail_outbox, media_upload, password_reset, user_session');
    await queryRunner.query('ALTER TABLE media_file DROP CONSTRAINT media_file_owner_fk');
    await queryRunner.query('DROP TABLE app_user, media_file');
  }
}
