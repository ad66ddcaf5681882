import type { MigrationInterface, QueryRunner } from 'typeorm';

const CATEGORIES = ['genel', 'diziler', 'anime', 'filmler', 'oneriler', 'site'];

/**
 * Forum topics, whose replies are comments.
 *
 * A topic has a category and may be about a catalog title (`title_id`; the topic stays when the
 * title goes). Its text is stored as written; pages show it escaped with safe links. A comment now
 * belongs to a title (with its episode, as before) or to a topic (`discussion_id`), never both.
 *
 * `reply_count` and `last_activity_at` order the "most active" list. They are kept exact by
 * triggers on `comment`, so they change in the very statement that adds, deletes or removes a
 * reply, whoever writes it: the comments feature needs to know nothing about topics, and no
 * count can drift from the rows it counts.
 */
export class Discussions1765830000000 implements MigrationInterface {
  name = 'Discussions1765830000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE discussion (
        id serial PRIMARY KEY,
        user_id integer NOT NULL REFERENCES app_user (id) ON DELETE CASCADE,
        title text NOT NULL,
        text text NOT NULL,
        category text NOT NULL CHECK (category IN (${CATEGORIES.map((category) => `'${category}'`).join(', ')})),
        title_id integer REFERENCES title (id) ON DELETE SET NULL,
        search_key text NOT NULL,
        reply_count integer NOT NULL DEFAULT 0 CHECK (reply_count >= 0),
        last_activity_at timestamptz NOT NULL DEFAULT now(),
        created_at timestamptz NOT NULL DEFAULT now(),
        edited_at timestamptz
      )
    `);
    // The list: newest or most active, over all categories or one; search by the folded title.
    await queryRunner.query('CREATE INDEX discussion_category_newest_idx ON discussion (category, id DESC)');
    await queryRunner.query('CREATE INDEX discussion_active_idx ON discussion (reply_count DESC, last_activity_at DESC, id DESC)');
    await queryRunner.query('CREATE INDEX discussion_category_active_idx ON discussion (category, reply_count DESC, last_activity_at DESC, id DESC)');
    await queryRunner.query('CREATE INDEX discussion_search_idx ON discussion USING gin (search_key gin_trgm_ops)');
    await queryRunner.query('CREATE INDEX discussion_user_idx ON discussion (user_id)');
    await queryRunner.query('CREATE INDEX discussion_title_idx ON discussion (title_id) WHERE title_id IS NOT NULL');

    await queryRunner.query('ALTER TABLE comment ALTER COLUMN title_id DROP NOT NULL');
    await queryRunner.query('ALTER TABLE comment ADD COLUMN discussion_id integer REFERENCES discussion (id) ON DELETE CASCADE');
    await queryRunner.query(`
      ALTER TABLE comment ADD CONSTRAINT comment_target_check
        CHECK ((title_id IS NULL) <> (discussion_id IS NULL) AND (episode_id IS NULL OR title_id IS NOT NULL))
    `);
    await queryRunner.query(
      'CREATE INDEX comment_discussion_newest_idx ON comment (discussion_id, id DESC) WHERE parent_id IS NULL AND discussion_id IS NOT NULL',
    );
    await queryRunner.query(
      'CREATE INDEX comment_discussion_liked_idx ON comment (discussion_id, like_count DESC, id DESC) WHERE parent_id IS NULL AND discussion_id IS NOT NULL',
    );
    await queryRunner.query('CREATE INDEX comment_discussion_idx ON comment (discussion_id, created_at) WHERE discussion_id IS NOT NULL AND deleted_at IS NULL');

    await queryRunner.query(`
      CREATE FUNCTION discussion_reply_added() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        UPDATE discussion SET reply_count = reply_count + 1, last_activity_at = greatest(last_activity_at, NEW.created_at)
         WHERE id = NEW.discussion_id;
        RETURN NULL;
      END $$
    `);
    // A reply deleted (marked) or removed (its member's account gone); the topic's own deletion removes nothing to count.
    await queryRunner.query(`
      CREATE FUNCTION discussion_reply_removed() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        UPDATE discussion d
           SET reply_count = d.reply_count - 1,
               last_activity_at = coalesce(
                 (SELECT max(c.created_at) FROM comment c WHERE c.discussion_id = d.id AND c.deleted_at IS NULL AND c.id <> OLD.id),
                 d.created_at)
         WHERE d.id = OLD.discussion_id;
        RETURN NULL;
      END $$
    `);
    await queryRunner.query(`
      CREATE TRIGGER comment_discussion_reply_added AFTER INSERT ON comment
        FOR EACH ROW WHEN (NEW.discussion_id IS NOT NULL) EXECUTE FUNCTION discussion_reply_added()
    `);
    await queryRunner.query(`
      CREATE TRIGGER comment_discussion_reply_deleted AFTER UPDATE OF deleted_at ON comment
        FOR EACH ROW WHEN (OLD.discussion_id IS NOT NULL AND OLD.deleted_at IS NULL AND NEW.deleted_at IS NOT NULL)
        EXECUTE FUNCTION discussion_reply_removed()
    `);
    await queryRunner.query(`
      CREATE TRIGGER comment_discussion_reply_removed AFTER DELETE ON comment
        FOR EACH ROW WHEN (OLD.discussion_id IS NOT NULL AND OLD.deleted_at IS NULL) EXECUTE FUNCTION discussion_reply_removed()
    `);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TRIGGER comment_discussion_reply_removed ON comment');
    await queryRunner.query('DROP TRIGGER comment_discussion_reply_deleted ON comment');
    await queryRunner.query('DROP TRIGGER comment_discussion_reply_added ON comment');
    await queryRunner.query('DROP FUNCTION discussion_reply_removed()');
    await queryRunner.query('DROP FUNCTION discussion_reply_added()');
    await queryRunner.query('DELETE FROM comment WHERE discussion_id IS NOT NULL');
    await queryRunner.query('ALTER TABLE comment DROP CONSTRAINT comment_target_check');
    await queryRunner.query('ALTER TABLE comment DROP COLUMN discussion_id');
    await queryRunner.query('ALTER TABLE comment ALTER COLUMN title_id SET NOT NULL');
    await queryRunner.query('DROP TABLE discussion');
  }
}
