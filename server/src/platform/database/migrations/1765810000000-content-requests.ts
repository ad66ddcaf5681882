import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Every notification kind after this migration (NOTIFICATION_KINDS in shared-contracts). */
const KINDS = ['comment.reply', 'comment.like', 'message', 'room.invite', 'episode.new', 'title.aired', 'flow.reaction', 'poll.vote', 'badge', 'request.added'];
/** The kinds before it: what `down` goes back to. */
const KINDS_BEFORE = KINDS.filter((kind) => kind !== 'request.added');

/**
 * Content requests (issue #15): a member asks for a title the catalog does not have, members vote
 * on it, and the catalog import that brings the title in marks it added.
 *
 * content_request: the title's name as written, `search_key` (foldForSearch of the name, written by
 * the application) and `kind`; one request per kind and folded name, and per kind and outside id
 * (`external_id`, a TMDB-like number, when given). `image` is a poster's https address, only ever
 * shown by browsers. `up_count`/`down_count` change only in content_request_vote(), in the
 * statement that writes the vote. `title_id` is set with status 'added' by the import.
 *
 * content_request_vote: one vote per member and request (1 up, 2 down), changeable.
 *
 * The notification kind CHECKs are stated again with the full list, 'request.added' added (as the
 * badges migration does): whatever CHECK on `kind` is there is dropped first.
 */
export class ContentRequests1765810000000 implements MigrationInterface {
  name = 'ContentRequests1765810000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE content_request (
        id serial PRIMARY KEY,
        requester_id integer REFERENCES app_user (id) ON DELETE SET NULL,
        name text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 1000),
        search_key text NOT NULL CHECK (char_length(search_key) BETWEEN 1 AND 1000),
        kind text NOT NULL CHECK (kind IN ('dizi', 'anime', 'film')),
        external_id integer CHECK (external_id > 0),
        image_url text CHECK (char_length(image_url) <= 500 AND image_url LIKE 'https://%'),
        status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'added', 'refused')),
        title_id integer REFERENCES title (id) ON DELETE SET NULL,
        up_count integer NOT NULL DEFAULT 0 CHECK (up_count >= 0),
        down_count integer NOT NULL DEFAULT 0 CHECK (down_count >= 0),
        created_at timestamptz NOT NULL DEFAULT now(),
        added_at timestamptz,
        CHECK (status <> 'added' OR added_at IS NOT NULL)
      )
    `);
    await queryRunner.query('CREATE UNIQUE INDEX content_request_key_idx ON content_request (kind, search_key)');
    await queryRunner.query('CREATE UNIQUE INDEX content_request_external_idx ON content_request (kind, external_id) WHERE external_id IS NOT NULL');
    // The list: the highest score first, then the newest.
    await queryRunner.query('CREATE INDEX content_request_score_idx ON content_request ((up_count - down_count) DESC, id DESC)');
    await queryRunner.query('CREATE INDEX content_request_search_idx ON content_request USING gin (search_key gin_trgm_ops)');
    await queryRunner.query('CREATE INDEX content_request_title_idx ON content_request (title_id) WHERE title_id IS NOT NULL');
    await queryRunner.query(`
      CREATE TABLE content_request_vote (
        request_id integer NOT NULL REFERENCES content_request (id) ON DELETE CASCADE,
        user_id integer NOT NULL REFERENCES app_user (id) ON DELETE CASCADE,
        value smallint NOT NULL CHECK (value IN (1, 2)),
        voted_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (request_id, user_id)
      )
    `);
    await queryRunner.query('CREATE INDEX content_request_vote_user_idx ON content_request_vote (user_id)');
    // One call per vote: the request's row lock, then (each statement of PL/pgSQL in READ COMMITTED
    // with a new snapshot) the member's previous vote as committed, the vote and the counts in one
    // statement. Votes on one request take turns on the lock only while the function runs.
    await queryRunner.query(`
      CREATE FUNCTION content_request_vote(p_request integer, p_user integer, p_value smallint)
        RETURNS TABLE (outcome text, ups integer, downs integer)
        LANGUAGE plpgsql AS $fn$
      #variable_conflict use_column
      DECLARE
        v_status text;
        v_old smallint;
      BEGIN
        SELECT r.status INTO v_status FROM content_request r WHERE r.id = p_request FOR UPDATE;
        IF NOT FOUND THEN
          RETURN QUERY SELECT 'not-found'::text, NULL::integer, NULL::integer;
          RETURN;
        END IF;
        IF v_status <> 'open' THEN
          RETURN QUERY SELECT 'closed'::text, NULL::integer, NULL::integer;
          RETURN;
        END IF;
        SELECT v.value INTO v_old FROM content_request_vote v WHERE v.request_id = p_request AND v.user_id = p_user;
        IF v_old IS NOT DISTINCT FROM p_value THEN
          RETURN QUERY SELECT 'done'::text, r.up_count, r.down_count FROM content_request r WHERE r.id = p_request;
          RETURN;
        END IF;
        RETURN QUERY
        WITH vote AS (
          INSERT INTO content_request_vote (request_id, user_id, value) VALUES (p_request, p_user, p_value)
          ON CONFLICT (request_id, user_id) DO UPDATE SET value = excluded.value, voted_at = now()
          RETURNING value
        )
        UPDATE content_request r
           SET up_count = r.up_count + (CASE WHEN p_value = 1 THEN 1 ELSE 0 END) - (CASE WHEN v_old = 1 THEN 1 ELSE 0 END),
               down_count = r.down_count + (CASE WHEN p_value = 2 THEN 1 ELSE 0 END) - (CASE WHEN v_old = 2 THEN 1 ELSE 0 END)
          FROM vote
         WHERE r.id = p_request
        RETURNING 'done'::text, r.up_count, r.down_count;
      END
      $fn$
    `);
    await restateKindChecks(queryRunner, KINDS);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DELETE FROM notification_mute WHERE kind = 'request.added'`);
    await queryRunner.query(`DELETE FROM notification WHERE kind = 'request.added'`);
    await restateKindChecks(queryRunner, KINDS_BEFORE);
    await queryRunner.query('DROP FUNCTION content_request_vote(integer, integer, smallint)');
    await queryRunner.query('DROP TABLE content_request_vote');
    await queryRunner.query('DROP TABLE content_request');
  }
}

/** Replaces every CHECK on the `kind` column of both tables with one allowing exactly `kinds`. */
async function restateKindChecks(queryRunner: QueryRunner, kinds: readonly string[]): Promise<void> {
  const list = kinds.map((kind) => `'${kind}'`).join(', ');
  for (const table of ['notification', 'notification_mute']) {
    const checks = (await queryRunner.query(
      `SELECT c.conname FROM pg_constraint c
         JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = ANY (c.conkey)
        WHERE c.conrelid = $1::regclass AND c.contype = 'c' AND a.attname = 'kind'`,
      [table],
    )) as Array<{ conname: string }>;
    for (const { conname } of checks) await queryRunner.query(`ALTER TABLE ${table} DROP CONSTRAINT "${conname}"`);
    await queryRunner.query(`ALTER TABLE ${table} ADD CONSTRAINT ${table}_kind_check CHECK (kind IN (${list}))`);
  }
}
