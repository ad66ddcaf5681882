import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A poll vote and a reaction, each one call to the database.
 *
 * Votes on one poll (and reactions on one post) take turns on a row lock. Held across a
 * transaction of several statements, the lock also waited for the application between them (its
 * event loop, busy with other requests under load), and everyone behind it waited too. These
 * functions take the lock, check, write the change with its counts and (for a first vote or a new
 * reaction) the outbox event, all inside the database, so the lock is held only while they run.
 * Each statement of a PL/pgSQL function in READ COMMITTED takes a new snapshot, so the change
 * after the lock sees every change committed before it, as the statement after a separate lock
 * statement did.
 *
 * The group check is the groups' rule (GroupAccess, groupRoleSql): a group's post is voted on and
 * reacted to by those who read its posts: its members, or anyone when the group is open.
 *
 * Each answers one row: `outcome` ('done', 'not-found', 'refused' with the member's `group_role`,
 * and for votes 'closed' or 'option'), then what the change did. The data-modifying CTEs all run
 * to completion whether or not the answer reads them. Events go to the outbox without
 * a NOTIFY (one database-wide lock through each commit); the calling process wakes its relay.
 */
export class FlowVoteReactFunctions1765710000000 implements MigrationInterface {
  name = 'FlowVoteReactFunctions1765710000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE FUNCTION flow_group_role(p_group integer, p_user integer) RETURNS text
        LANGUAGE sql STABLE
        RETURN (
          SELECT CASE WHEN m.role IS NOT NULL THEN m.role WHEN g.is_private THEN 'missing' WHEN g.privacy THEN 'outside' ELSE 'reader' END
            FROM flow_group g LEFT JOIN flow_group_member m ON m.group_id = g.id AND m.user_id = p_user
           WHERE g.id = p_group)
    `);
    await queryRunner.query(`
      CREATE FUNCTION flow_poll_vote(p_post bigint, p_user integer, p_option bigint, p_group integer, p_link text)
        RETURNS TABLE (outcome text, group_role text, old_option bigint, total integer, version bigint)
        LANGUAGE plpgsql AS $fn$
      DECLARE
        v_author integer;
        v_group integer;
        v_closed boolean;
        v_in_poll boolean;
        v_role text;
      BEGIN
        SELECT f.author_id, f.group_id, (p.closes_at IS NOT NULL AND p.closes_at <= now()),
               EXISTS (SELECT 1 FROM poll_option o WHERE o.post_id = p.post_id AND o.id = p_option)
          INTO v_author, v_group, v_closed, v_in_poll
          FROM poll p JOIN flow_post f ON f.id = p.post_id
         WHERE p.post_id = p_post
           FOR UPDATE OF p;
        IF NOT FOUND OR (p_group IS NOT NULL AND v_group IS DISTINCT FROM p_group) THEN
          RETURN QUERY SELECT 'not-found'::text, NULL::text, NULL::bigint, NULL::integer, NULL::bigint;
          RETURN;
        END IF;
        IF v_group IS NOT NULL THEN
          v_role := coalesce(flow_group_role(v_group, p_user), 'missing');
          IF v_role NOT IN ('reader', 'member', 'owner') THEN
            RETURN QUERY SELECT 'refused'::text, v_role, NULL::bigint, NULL::integer, NULL::bigint;
            RETURN;
          END IF;
        END IF;
        IF v_closed THEN
          RETURN QUERY SELECT 'closed'::text, NULL::text, NULL::bigint, NULL::integer, NULL::bigint;
          RETURN;
        END IF;
        IF NOT v_in_poll THEN
          RETURN QUERY SELECT 'option'::text, NULL::text, NULL::bigint, NULL::integer, NULL::bigint;
          RETURN;
        END IF;
        RETURN QUERY
        WITH previous AS (
          SELECT v.option_id FROM poll_vote v WHERE v.post_id = p_post AND v.user_id = p_user
        ),
        change AS (
          SELECT (SELECT option_id FROM previous) AS old_option, p_option AS new_option
        ),
        vote AS (
          INSERT INTO poll_vote (post_id, user_id, option_id) SELECT p_post, p_user, c.new_option FROM change c WHERE c.old_option IS DISTINCT FROM c.new_option
          ON CONFLICT (post_id, user_id) DO UPDATE SET option_id = excluded.option_id, voted_at = now()
          RETURNING poll_vote.option_id
        ),
        counted AS (
          UPDATE poll_option o
             SET votes = o.votes + (CASE WHEN o.id = c.new_option THEN 1 ELSE 0 END) - (CASE WHEN o.id = c.old_option THEN 1 ELSE 0 END)
            FROM change c
           WHERE o.post_id = p_post AND c.old_option IS DISTINCT FROM c.new_option AND (o.id = c.new_option OR o.id = c.old_option)
          RETURNING o.id
        ),
        bumped AS (
          UPDATE poll p SET total = p.total + (CASE WHEN c.old_option IS NULL THEN 1 ELSE 0 END), version = p.version + 1
            FROM change c
           WHERE p.post_id = p_post AND c.old_option IS DISTINCT FROM c.new_option
          RETURNING p.total, p.version
        ),
        after AS (
          SELECT c.old_option,
                 coalesce((SELECT b.total FROM bumped b), (SELECT p.total FROM poll p WHERE p.post_id = p_post)) AS total,
                 coalesce((SELECT b.version FROM bumped b), (SELECT p.version FROM poll p WHERE p.post_id = p_post)) AS version
            FROM change c
        ),
        event AS (
          INSERT INTO outbox_message (kind, name, payload)
          SELECT 'event', 'poll.voted', jsonb_build_object('postId', p_post, 'authorId', v_author, 'voterId', p_user, 'total', a.total, 'link', p_link)
            FROM after a WHERE a.old_option IS NULL
          RETURNING id
        )
        SELECT 'done'::text, NULL::text, a.old_option, a.total, a.version FROM after a;
      END
      $fn$
    `);
    await queryRunner.query(`
      CREATE FUNCTION flow_react(p_post bigint, p_user integer, p_kind text, p_link text)
        RETURNS TABLE (outcome text, group_role text, old_kind text, new_kind text, total integer, version bigint)
        LANGUAGE plpgsql AS $fn$
      DECLARE
        v_author integer;
        v_group integer;
        v_role text;
      BEGIN
        SELECT f.author_id, f.group_id INTO v_author, v_group FROM flow_post f WHERE f.id = p_post;
        IF NOT FOUND THEN
          RETURN QUERY SELECT 'not-found'::text, NULL::text, NULL::text, NULL::text, NULL::integer, NULL::bigint;
          RETURN;
        END IF;
        IF v_group IS NOT NULL THEN
          v_role := coalesce(flow_group_role(v_group, p_user), 'missing');
          IF v_role NOT IN ('reader', 'member', 'owner') THEN
            RETURN QUERY SELECT 'refused'::text, v_role, NULL::text, NULL::text, NULL::integer, NULL::bigint;
            RETURN;
          END IF;
        END IF;
        -- The post's reaction lock: its totals row, made by the first reaction.
        INSERT INTO flow_reaction_total AS t (post_id) VALUES (p_post)
        ON CONFLICT (post_id) DO UPDATE SET version = t.version;
        RETURN QUERY
        WITH previous AS (
          SELECT r.kind FROM flow_reaction r WHERE r.post_id = p_post AND r.user_id = p_user
        ),
        change AS (
          SELECT (SELECT kind FROM previous) AS old_kind, p_kind AS new_kind
        ),
        removed AS (
          DELETE FROM flow_reaction r USING change c
           WHERE r.post_id = p_post AND r.user_id = p_user AND c.new_kind IS NULL AND c.old_kind IS NOT NULL
          RETURNING r.kind
        ),
        written AS (
          INSERT INTO flow_reaction (post_id, user_id, kind) SELECT p_post, p_user, c.new_kind FROM change c
           WHERE c.new_kind IS NOT NULL AND c.old_kind IS DISTINCT FROM c.new_kind
          ON CONFLICT (post_id, user_id) DO UPDATE SET kind = excluded.kind, reacted_at = now()
          RETURNING flow_reaction.kind
        ),
        decremented AS (
          UPDATE flow_reaction_count n SET count = n.count - 1 FROM change c
           WHERE n.post_id = p_post AND n.kind = c.old_kind AND c.old_kind IS DISTINCT FROM c.new_kind
          RETURNING n.kind
        ),
        incremented AS (
          INSERT INTO flow_reaction_count AS n (post_id, kind, count) SELECT p_post, c.new_kind, 1 FROM change c
           WHERE c.new_kind IS NOT NULL AND c.old_kind IS DISTINCT FROM c.new_kind
          ON CONFLICT (post_id, kind) DO UPDATE SET count = n.count + 1
          RETURNING n.kind
        ),
        bumped AS (
          UPDATE flow_reaction_total t
             SET total = t.total + (CASE WHEN c.new_kind IS NULL THEN 0 ELSE 1 END) - (CASE WHEN c.old_kind IS NULL THEN 0 ELSE 1 END),
                 version = t.version + 1
            FROM change c
           WHERE t.post_id = p_post AND c.old_kind IS DISTINCT FROM c.new_kind
          RETURNING t.total, t.version
        ),
        after AS (
          SELECT c.old_kind, c.new_kind,
                 coalesce((SELECT b.total FROM bumped b), (SELECT t.total FROM flow_reaction_total t WHERE t.post_id = p_post)) AS total,
                 coalesce((SELECT b.version FROM bumped b), (SELECT t.version FROM flow_reaction_total t WHERE t.post_id = p_post)) AS version
            FROM change c
        ),
        event AS (
          INSERT INTO outbox_message (kind, name, payload)
          SELECT 'event', 'flow.reacted', jsonb_build_object('postId', p_post, 'authorId', v_author, 'reactorId', p_user, 'total', a.total, 'link', p_link)
            FROM after a WHERE a.old_kind IS NULL AND a.new_kind IS NOT NULL
          RETURNING id
        )
        SELECT 'done'::text, NULL::text, a.old_kind, a.new_kind, a.total, a.version FROM after a;
      END
      $fn$
    `);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP FUNCTION flow_react(bigint, integer, text, text)');
    await queryRunner.query('DROP FUNCTION flow_poll_vote(bigint, integer, bigint, integer, text)');
    await queryRunner.query('DROP FUNCTION flow_group_role(integer, integer)');
  }
}
