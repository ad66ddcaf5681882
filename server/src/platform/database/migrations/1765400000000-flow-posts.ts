import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The social flow's posts and their photos.
 *
 * flow_post: a member's post, text with photos (`kind` 'post') or a poll (`kind` 'poll', its
 * question and answers in the polls' own tables). `group_id` names the group a post belongs to;
 * NULL is the public flow (`/akis`). The groups' table comes with the groups, which add the
 * foreign key; until then no post has one. `edited_at` is set by an edit. The flow pages newest
 * first by id, per group or for the public flow, and a member's own posts ("me").
 *
 * flow_post_image: a post's photos in `position` order. An upload is stored as `upload_id` (a
 * media_upload row) until its job has re-encoded it into `file_id` (a media_file row, served from
 * our own path) with its size; a post shows a placeholder for a photo without `file_id`.
 */
export class FlowPosts1765400000000 implements MigrationInterface {
  name = 'FlowPosts1765400000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE flow_post (
        id bigserial PRIMARY KEY,
        author_id integer NOT NULL REFERENCES app_user (id) ON DELETE CASCADE,
        group_id integer,
        kind text NOT NULL CHECK (kind IN ('post', 'poll')),
        body text NOT NULL DEFAULT '' CHECK (char_length(body) <= 5000),
        created_at timestamptz NOT NULL DEFAULT now(),
        edited_at timestamptz
      )
    `);
    await queryRunner.query('CREATE INDEX flow_post_public_idx ON flow_post (id DESC) WHERE group_id IS NULL');
    await queryRunner.query('CREATE INDEX flow_post_group_idx ON flow_post (group_id, id DESC) WHERE group_id IS NOT NULL');
    await queryRunner.query('CREATE INDEX flow_post_author_idx ON flow_post (author_id, id DESC)');
    await queryRunner.query(`
      CREATE TABLE flow_post_image (
        id bigserial PRIMARY KEY,
        post_id bigint NOT NULL REFERENCES flow_post (id) ON DELETE CASCADE,
        position smallint NOT NULL CHECK (position >= 0),
        upload_id uuid REFERENCES media_upload (id) ON DELETE SET NULL,
        file_id uuid REFERENCES media_file (id) ON DELETE SET NULL,
        width integer,
        height integer,
        created_at timestamptz NOT NULL DEFAULT now()
      )
    `);
    await queryRunner.query('CREATE INDEX flow_post_image_post_idx ON flow_post_image (post_id, position)');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE flow_post_image');
    await queryRunner.query('DROP TABLE flow_post');
  }
}
