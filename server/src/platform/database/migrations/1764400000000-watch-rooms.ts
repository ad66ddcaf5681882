import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Watch-together rooms. A room watches one episode; its playback state lives on its row and is
 * changed under a row lock, `playback_version` counting the changes. watch_room_member holds who
 * may enter: the creator (invited_by NULL) and the invited members. Chat messages are numbered
 * per room by stream_sequence (stream `room:{code}`) inside the insert transaction, so
 * (room_id, seq) is both the key and the polling cursor.
 *
 * member_search_text() folds a member's username and profile name for the invite search (case and
 * the Turkish letters, without depending on the database locale); the trigram index serves
 * "contains" searches on it.
 */
export class WatchRooms1764400000000 implements MigrationInterface {
  name = 'WatchRooms1764400000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE watch_room (
        id serial PRIMARY KEY,
        code text NOT NULL UNIQUE CHECK (code ~ '^[A-Za-z0-9]{12}$'),
        title text NOT NULL CHECK (char_length(title) BETWEEN 1 AND 80),
        episode_id integer NOT NULL REFERENCES episode (id) ON DELETE CASCADE,
        creator_id integer NOT NULL REFERENCES app_user (id) ON DELETE CASCADE,
        control_mode text NOT NULL CHECK (control_mode IN ('creator', 'everyone')),
        playback_status text NOT NULL DEFAULT 'paused' CHECK (playback_status IN ('playing', 'paused')),
        playback_position double precision NOT NULL DEFAULT 0 CHECK (playback_position >= 0),
        playback_server_time bigint NOT NULL,
        playback_version integer NOT NULL DEFAULT 0 CHECK (playback_version >= 0),
        playback_action text CHECK (playback_action IN ('play', 'pause', 'seek')),
        playback_by integer REFERENCES app_user (id) ON DELETE SET NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )
    `);
    await queryRunner.query('CREATE INDEX watch_room_creator_idx ON watch_room (creator_id)');
    await queryRunner.query('CREATE INDEX watch_room_episode_idx ON watch_room (episode_id)');
    await queryRunner.query('CREATE INDEX watch_room_playback_by_idx ON watch_room (playback_by)');
    await queryRunner.query(`
      CREATE TABLE watch_room_member (
        room_id integer NOT NULL REFERENCES watch_room (id) ON DELETE CASCADE,
        user_id integer NOT NULL REFERENCES app_user (id) ON DELETE CASCADE,
        invited_by integer REFERENCES app_user (id) ON DELETE SET NULL,
        added_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (room_id, user_id)
      )
    `);
    await queryRunner.query('CREATE INDEX watch_room_member_user_idx ON watch_room_member (user_id, room_id)');
    await queryRunner.query('CREATE INDEX watch_room_member_invited_by_idx ON watch_room_member (invited_by)');
    await queryRunner.query(`
      CREATE TABLE watch_room_message (
        room_id integer NOT NULL REFERENCES watch_room (id) ON DELETE CASCADE,
        seq bigint NOT NULL CHECK (seq >= 1),
        author_id integer NOT NULL REFERENCES app_user (id) ON DELETE CASCADE,
        body text NOT NULL CHECK (char_length(body) BETWEEN 1 AND 500),
        sent_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (room_id, seq)
      )
    `);
    await queryRunner.query('CREATE INDEX watch_room_message_author_idx ON watch_room_message (author_id)');
    await queryRunner.query(`
      CREATE FUNCTION member_search_text(username text, profile_name text) RETURNS text
        LANGUAGE sql IMMUTABLE PARALLEL SAFE
        RETURN lower(translate(username || ' ' || profile_name, 'ÇĞİIÖŞÜÂÎÛçğıöşüâîû', 'CGIIOSUAIUcgiosuaiu'))
    `);
    await queryRunner.query(
      'CREATE INDEX app_user_member_search_idx ON app_user USING gin (member_search_text(username, profile_name) gin_trgm_ops)',
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP INDEX app_user_member_search_idx');
    await queryRunner.query('DROP FUNCTION member_search_text(text, text)');
    await queryRunner.query("DELETE FROM stream_sequence WHERE stream LIKE 'room:%'");
    for (const table of ['watch_room_message', 'watch_room_member', 'watch_room']) {
      await queryRunner.query(`DROP TABLE ${table}`);
    }
  }
}
