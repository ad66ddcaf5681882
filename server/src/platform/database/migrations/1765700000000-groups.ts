import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Groups: a member's community with its own posts and polls (flow_post.group_id).
 *
 * flow_group: the group's fields (§3), its owner, its address (`slug`, fixed when it is made),
 * `search_key` (name and tagline folded for search, as the catalog's search_text), the seed's two
 * flags (`is_private`: hidden from everyone but its members; `privacy`: listed, posts for members
 * only; see GROUP_VISIBILITIES), and its cover and poster: a stored image (`*_file_id`) and, while a
 * new one is being processed, its upload (`*_upload_id`). `member_count` is kept by the statements
 * that add and remove members, in the same statement.
 *
 * flow_group_member: who is in a group; the owner is one, with role 'owner'. Deleting a group
 * deletes its members and posts (the foreign key flow_post.group_id, declared here).
 */
export class Groups1765700000000 implements MigrationInterface {
  name = 'Groups1765700000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE flow_group (
        id serial PRIMARY KEY,
        owner_id integer NOT NULL REFERENCES app_user (id) ON DELETE CASCADE,
        slug text NOT NULL UNIQUE CHECK (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$' AND char_length(slug) <= 80),
        name text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 400),
        search_key text NOT NULL,
        tagline text NOT NULL DEFAULT '' CHECK (char_length(tagline) <= 1000),
        description text NOT NULL CHECK (char_length(description) <= 20000),
        website text CHECK (char_length(website) <= 400),
        socials jsonb NOT NULL DEFAULT '{}'::jsonb,
        is_private boolean NOT NULL DEFAULT false,
        privacy boolean NOT NULL DEFAULT false,
        cover_file_id uuid REFERENCES media_file (id) ON DELETE SET NULL,
        cover_upload_id uuid REFERENCES media_upload (id) ON DELETE SET NULL,
        poster_file_id uuid REFERENCES media_file (id) ON DELETE SET NULL,
        poster_upload_id uuid REFERENCES media_upload (id) ON DELETE SET NULL,
        member_count integer NOT NULL DEFAULT 0 CHECK (member_count >= 0),
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )
    `);
    await queryRunner.query('CREATE INDEX flow_group_listed_idx ON flow_group (id DESC) WHERE NOT is_private');
    await queryRunner.query('CREATE INDEX flow_group_owner_idx ON flow_group (owner_id)');
    await queryRunner.query(`
      CREATE TABLE flow_group_member (
        group_id integer NOT NULL REFERENCES flow_group (id) ON DELETE CASCADE,
        user_id integer NOT NULL REFERENCES app_user (id) ON DELETE CASCADE,
        role text NOT NULL DEFAULT 'member' CHECK (role IN ('owner', 'member')),
        joined_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (group_id, user_id)
      )
    `);
    await queryRunner.query('CREATE INDEX flow_group_member_user_idx ON flow_group_member (user_id, group_id)');
    await queryRunner.query('CREATE INDEX flow_group_member_newest_idx ON flow_group_member (group_id, joined_at DESC, user_id)');
    // No call stored a group post before groups existed; one there would name a group that never was.
    await queryRunner.query('DELETE FROM flow_post WHERE group_id IS NOT NULL');
    await queryRunner.query('ALTER TABLE flow_post ADD CONSTRAINT flow_post_group_fk FOREIGN KEY (group_id) REFERENCES flow_group (id) ON DELETE CASCADE');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE flow_post DROP CONSTRAINT flow_post_group_fk');
    await queryRunner.query('DELETE FROM flow_post WHERE group_id IS NOT NULL');
    await queryRunner.query('DROP TABLE flow_group_member');
    await queryRunner.query('DROP TABLE flow_group');
  }
}
