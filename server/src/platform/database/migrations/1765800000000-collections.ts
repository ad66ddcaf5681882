import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Collections: a member's ordered list of catalog titles (§3: collection_id, name, desc, list).
 *
 * collection: the owner, the name and description as written (shown escaped), and
 * `follower_count`, kept by the statements that follow and unfollow, in the same statement.
 * Every collection is public; its address is its id (`/koleksiyon/{id}`).
 *
 * collection_item: the titles in their order (`position` from 1, a title once per collection).
 * A title removed from the catalog leaves its collections (the order of the rest is kept).
 *
 * collection_follower: who follows which collection.
 */
export class Collections1765800000000 implements MigrationInterface {
  name = 'Collections1765800000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE collection (
        id serial PRIMARY KEY,
        owner_id integer NOT NULL REFERENCES app_user (id) ON DELETE CASCADE,
        name text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 400),
        description text NOT NULL DEFAULT '' CHECK (char_length(description) <= 8000),
        follower_count integer NOT NULL DEFAULT 0 CHECK (follower_count >= 0),
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )
    `);
    await queryRunner.query('CREATE INDEX collection_popular_idx ON collection (follower_count DESC, id DESC)');
    await queryRunner.query('CREATE INDEX collection_owner_idx ON collection (owner_id, id DESC)');
    await queryRunner.query(`
      CREATE TABLE collection_item (
        collection_id integer NOT NULL REFERENCES collection (id) ON DELETE CASCADE,
        position smallint NOT NULL CHECK (position >= 1),
        title_id integer NOT NULL REFERENCES title (id) ON DELETE CASCADE,
        PRIMARY KEY (collection_id, position),
        UNIQUE (collection_id, title_id)
      )
    `);
    await queryRunner.query('CREATE INDEX collection_item_title_idx ON collection_item (title_id)');
    await queryRunner.query(`
      CREATE TABLE collection_follower (
        collection_id integer NOT NULL REFERENCES collection (id) ON DELETE CASCADE,
        user_id integer NOT NULL REFERENCES app_user (id) ON DELETE CASCADE,
        followed_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (collection_id, user_id)
      )
    `);
    await queryRunner.query('CREATE INDEX collection_follower_user_idx ON collection_follower (user_id, collection_id)');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE collection_follower');
    await queryRunner.query('DROP TABLE collection_item');
    await queryRunner.query('DROP TABLE collection');
  }
}
