import { Injectable } from '@nestjs/common';
import { FLOW_RULES, groupPath, type FlowImage, type FlowPost, type FlowPostKind, type MemberCard } from '@seyirlik/shared-contracts';
import { DataSource, type EntityManager } from 'typeorm';
import { memberCardColumns, toMemberCard, type MemberCardRow } from '../accounts';
import { mediaUrl } from '../media';
import { PreparedStatement } from '../platform/database/prepared-statement';

/** A post as the services use it: everything but the viewer's own view of it. */
export interface FlowPostRecord {
  id: number;
  groupId: number | null;
  /** The group it was posted in, as the post shows it; null on the public flow. */
  group: FlowPost['group'];
  kind: FlowPostKind;
  body: string;
  createdAt: Date;
  editedAt: Date | null;
  author: MemberCard;
  images: FlowImage[];
}

/** A post locked for a change: who may change it and what it holds. */
export interface LockedPost {
  id: number;
  authorId: number;
  groupId: number | null;
  kind: FlowPostKind;
  imageCount: number;
  nextPosition: number;
}

/** A photo locked for a change, with its post's author. */
export interface LockedImage {
  id: number;
  postId: number;
  authorId: number;
  groupId: number | null;
}

/** The stored files a deleted post or photo leaves behind, deleted with it. */
interface ImageFiles {
  fileIds: string[];
  uploadIds: string[];
}

interface PostRow extends MemberCardRow {
  post_id: string;
  group_id: number | null;
  kind: FlowPostKind;
  body: string;
  created_at: Date;
  edited_at: Date | null;
  images: Array<{ id: number; file_id: string | null; width: number | null; height: number | null }>;
  group_info: { id: number; slug: string; name: string } | null;
}

/** A post's columns, its author's card, its photos in order and its group, for `flow_post p JOIN app_user u`. */
const POST_COLUMNS = `
  p.id AS post_id, p.group_id, p.kind, p.body, p.created_at, p.edited_at, ${memberCardColumns('u')},
  coalesce((SELECT json_agg(json_build_object('id', i.id, 'file_id', i.file_id, 'width', i.width, 'height', i.height) ORDER BY i.position, i.id)
              FROM flow_post_image i WHERE i.post_id = p.id), '[]'::json) AS images,
  (SELECT json_build_object('id', g.id, 'slug', g.slug, 'name', g.name) FROM flow_group g WHERE g.id = p.group_id) AS group_info`;

/** One page of the public flow, newest first; `$1` an author to keep only theirs (or null). One row more than a page tells whether another follows. */
const PUBLIC_PAGE = new PreparedStatement<PostRow>(
  'flow_public_page',
  `SELECT ${POST_COLUMNS}
     FROM flow_post p JOIN app_user u ON u.id = p.author_id
    WHERE p.group_id IS NULL AND ($1::int IS NULL OR p.author_id = $1)
    ORDER BY p.id DESC
    LIMIT $2 OFFSET $3`,
);

/** One page of a group's posts, newest first. */
const GROUP_PAGE = new PreparedStatement<PostRow>(
  'flow_group_page',
  `SELECT ${POST_COLUMNS}
     FROM flow_post p JOIN app_user u ON u.id = p.author_id
    WHERE p.group_id = $1
    ORDER BY p.id DESC
    LIMIT $2 OFFSET $3`,
);

function toRecord(row: PostRow): FlowPostRecord {
  const card: MemberCardRow = { id: row.id, username: row.username, profile_name: row.profile_name, avatar_id: row.avatar_id };
  return {
    id: Number(row.post_id),
    groupId: row.group_id,
    group: row.group_info ? { ...row.group_info, link: groupPath(row.group_info.slug) } : null,
    kind: row.kind,
    body: row.body,
    createdAt: row.created_at,
    editedAt: row.edited_at,
    author: toMemberCard(card),
    images: row.images.map((image) => ({
      id: Number(image.id),
      url: image.file_id ? mediaUrl(image.file_id) : null,
      width: image.file_id ? image.width : null,
      height: image.file_id ? image.height : null,
    })),
  };
}

/** The flow's SQL: posts, their photos and the stored files behind them. */
@Injectable()
export class FlowRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** A page (from 1) of the public flow, or of one author's posts in it; `hasMore` when a further page has posts. */
  async publicPage(page: number, authorId: number | null): Promise<{ posts: FlowPostRecord[]; hasMore: boolean }> {
    const size = FLOW_RULES.pageSize;
    const rows = await PUBLIC_PAGE.run(this.dataSource, [authorId, size + 1, (page - 1) * size]);
    return { posts: rows.slice(0, size).map(toRecord), hasMore: rows.length > size };
  }

  /** A page (from 1) of a group's posts. */
  async groupPage(groupId: number, page: number): Promise<{ posts: FlowPostRecord[]; hasMore: boolean }> {
    const size = FLOW_RULES.pageSize;
    const rows = await GROUP_PAGE.run(this.dataSource, [groupId, size + 1, (page - 1) * size]);
    return { posts: rows.slice(0, size).map(toRecord), hasMore: rows.length > size };
  }

  async postById(id: number, manager: EntityManager = this.dataSource.manager): Promise<FlowPostRecord | null> {
    const rows: PostRow[] = await manager.query(`SELECT ${POST_COLUMNS} FROM flow_post p JOIN app_user u ON u.id = p.author_id WHERE p.id = $1`, [id]);
    return rows[0] ? toRecord(rows[0]) : null;
  }

  /**
   * Stores a post and answers its id; null when the author already stored one under `clientKey`
   * (a retried send), in which case nothing is written.
   */
  async insertPost(
    manager: EntityManager,
    post: { authorId: number; groupId: number | null; kind: FlowPostKind; body: string; clientKey: string | null },
  ): Promise<number | null> {
    const rows: Array<{ id: string }> = await manager.query(
      `INSERT INTO flow_post (author_id, group_id, kind, body, client_key) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (author_id, client_key) WHERE client_key IS NOT NULL DO NOTHING
       RETURNING id`,
      [post.authorId, post.groupId, post.kind, post.body, post.clientKey],
    );
    return rows[0] ? Number(rows[0].id) : null;
  }

  /** The post the author stored under a send key, or null. */
  async postBySendKey(authorId: number, clientKey: string): Promise<FlowPostRecord | null> {
    const rows: Array<{ id: string }> = await this.dataSource.query('SELECT id FROM flow_post WHERE author_id = $1 AND client_key = $2', [authorId, clientKey]);
    return rows[0] ? this.postById(Number(rows[0].id)) : null;
  }

  /** Photos waiting for processing, each an upload, placed from `firstPosition` in the given order; answers their ids. */
  async insertImages(manager: EntityManager, postId: number, uploadIds: string[], firstPosition: number): Promise<number[]> {
    if (uploadIds.length === 0) return [];
    const rows: Array<{ id: string }> = await manager.query(
      `INSERT INTO flow_post_image (post_id, position, upload_id)
       SELECT $1, $2 + ordinality - 1, upload_id FROM unnest($3::uuid[]) WITH ORDINALITY AS u(upload_id, ordinality)
       ORDER BY ordinality
       RETURNING id`,
      [postId, firstPosition, uploadIds],
    );
    return rows.map((row) => Number(row.id));
  }

  /** Locks the post for a change (an edit, a photo's deletion, the post's deletion). */
  async lockPost(manager: EntityManager, id: number): Promise<LockedPost | null> {
    const rows: Array<{ id: string; author_id: number; group_id: number | null; kind: FlowPostKind }> = await manager.query(
      'SELECT id, author_id, group_id, kind FROM flow_post WHERE id = $1 FOR UPDATE',
      [id],
    );
    const post = rows[0];
    if (!post) return null;
    const [images]: Array<{ count: number; next: number }> = await manager.query(
      'SELECT count(*)::int AS count, coalesce(max(position) + 1, 0)::int AS next FROM flow_post_image WHERE post_id = $1',
      [id],
    );
    return { id, authorId: post.author_id, groupId: post.group_id, kind: post.kind, imageCount: images!.count, nextPosition: images!.next };
  }

  /** Locks a photo's post (the post first, as every change does) and answers the photo with its author. */
  async lockImage(manager: EntityManager, imageId: number): Promise<LockedImage | null> {
    const rows: Array<{ post_id: string }> = await manager.query('SELECT post_id FROM flow_post_image WHERE id = $1', [imageId]);
    if (!rows[0]) return null;
    const post = await this.lockPost(manager, Number(rows[0].post_id));
    const still: Array<{ id: string }> = await manager.query('SELECT id FROM flow_post_image WHERE id = $1 AND post_id = $2', [imageId, post?.id ?? 0]);
    if (!post || !still[0]) return null;
    return { id: imageId, postId: post.id, authorId: post.authorId, groupId: post.groupId };
  }

  async updateBody(manager: EntityManager, id: number, body: string): Promise<void> {
    await manager.query('UPDATE flow_post SET body = $2, edited_at = now() WHERE id = $1', [id, body]);
  }

  /** Deletes the post, its photos and the stored files behind them. */
  async deletePost(manager: EntityManager, id: number): Promise<void> {
    const files = await this.imageFiles(manager, 'post_id = $1', id);
    await manager.query('DELETE FROM flow_post WHERE id = $1', [id]);
    await this.deleteFiles(manager, files);
  }

  /** Deletes the stored files of every photo of a group's posts (the group's deletion deletes the rows). */
  async deleteGroupFiles(manager: EntityManager, groupId: number): Promise<void> {
    const files = await this.imageFiles(manager, 'post_id IN (SELECT id FROM flow_post WHERE group_id = $1)', groupId);
    await this.deleteFiles(manager, files);
  }

  /** Deletes one photo and the stored files behind it; its post counts as edited. */
  async deleteImage(manager: EntityManager, image: LockedImage): Promise<void> {
    const files = await this.imageFiles(manager, 'id = $1', image.id);
    await manager.query('DELETE FROM flow_post_image WHERE id = $1', [image.id]);
    await manager.query('UPDATE flow_post SET edited_at = now() WHERE id = $1', [image.postId]);
    await this.deleteFiles(manager, files);
  }

  /**
   * Points a photo still waiting for `uploadId` at its stored file. Answers the photo's post, or
   * null when the photo is gone (deleted meanwhile) or already processed (a repeated job).
   */
  async attachFile(manager: EntityManager, image: { imageId: number; uploadId: string; fileId: string; width: number; height: number }): Promise<number | null> {
    const rows: Array<{ post_id: string }> = await manager.query(
      `WITH attached AS (
         UPDATE flow_post_image SET file_id = $3, upload_id = NULL, width = $4, height = $5
          WHERE id = $1 AND upload_id = $2 RETURNING post_id
       )
       SELECT post_id FROM attached`,
      [image.imageId, image.uploadId, image.fileId, image.width, image.height],
    );
    return rows[0] ? Number(rows[0].post_id) : null;
  }

  /** Deletes a photo still waiting for `uploadId` (its job gave up); answers its post, or null when it is gone or was processed. */
  async dropPendingImage(manager: EntityManager, imageId: number, uploadId: string): Promise<number | null> {
    const rows: Array<{ post_id: string }> = await manager.query(
      `WITH dropped AS (DELETE FROM flow_post_image WHERE id = $1 AND upload_id = $2 RETURNING post_id)
       SELECT post_id FROM dropped`,
      [imageId, uploadId],
    );
    return rows[0] ? Number(rows[0].post_id) : null;
  }

  private async imageFiles(manager: EntityManager, condition: string, id: number): Promise<ImageFiles> {
    const rows: Array<{ file_id: string | null; upload_id: string | null }> = await manager.query(
      `SELECT file_id, upload_id FROM flow_post_image WHERE ${condition}`,
      [id],
    );
    return {
      fileIds: rows.flatMap((row) => (row.file_id ? [row.file_id] : [])),
      uploadIds: rows.flatMap((row) => (row.upload_id ? [row.upload_id] : [])),
    };
  }

  private async deleteFiles(manager: EntityManager, { fileIds, uploadIds }: ImageFiles): Promise<void> {
    if (fileIds.length > 0) await manager.query('DELETE FROM media_file WHERE id = ANY($1::uuid[])', [fileIds]);
    if (uploadIds.length > 0) await manager.query('DELETE FROM media_upload WHERE id = ANY($1::uuid[])', [uploadIds]);
  }
}
