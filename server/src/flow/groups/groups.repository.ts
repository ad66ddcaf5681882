import { Injectable } from '@nestjs/common';
import {
  GROUP_RULES as R,
  GROUP_SOCIALS,
  foldForSearch,
  groupPath,
  groupVisibility,
  type GroupCard,
  type GroupFields,
  type GroupMember,
  type GroupSocial,
  type GroupView,
  type MemberCard,
} from '@seyirlik/shared-contracts';
import { DataSource, type EntityManager } from 'typeorm';
import { memberCardColumns, toMemberCard, type MemberCardRow } from '../../accounts';
import { mediaUrl } from '../../media';
import { escapeLike } from '../../platform/database/sql';
import type { GroupRole } from './group-access';

/** The two images of a group. */
export type GroupImageSlot = 'cover' | 'poster';

interface CardRow {
  group_id: number;
  slug: string;
  name: string;
  tagline: string;
  poster_file_id: string | null;
  cover_file_id: string | null;
  is_private: boolean;
  privacy: boolean;
  member_count: number;
  member: boolean;
}

interface ViewRow extends CardRow, MemberCardRow {
  description: string;
  website: string | null;
  socials: Partial<Record<GroupSocial, string>>;
  created_at: Date;
  post_count: number;
  viewer_role: 'owner' | 'member' | null;
}

/** A group locked for a change by its owner, with what the change needs to know. */
export interface LockedGroup {
  id: number;
  ownerId: number;
  slug: string;
  private: boolean;
  privacy: boolean;
  coverFileId: string | null;
  coverUploadId: string | null;
  posterFileId: string | null;
  posterUploadId: string | null;
}

const CARD_COLUMNS = `g.id AS group_id, g.slug, g.name, g.tagline, g.poster_file_id, g.cover_file_id, g.is_private, g.privacy, g.member_count`;

function toCard(row: CardRow): GroupCard {
  return {
    id: row.group_id,
    slug: row.slug,
    link: groupPath(row.slug),
    name: row.name,
    tagline: row.tagline,
    posterUrl: row.poster_file_id ? mediaUrl(row.poster_file_id) : null,
    coverUrl: row.cover_file_id ? mediaUrl(row.cover_file_id) : null,
    visibility: groupVisibility({ private: row.is_private, privacy: row.privacy }),
    memberCount: row.member_count,
    member: row.member,
  };
}

/** A group's page as the viewer sees it (their role decides what they may do there). */
function toView(row: ViewRow): GroupView {
  const role = row.viewer_role;
  const open = !row.is_private && !row.privacy;
  const card: MemberCardRow = { id: row.id, username: row.username, profile_name: row.profile_name, avatar_id: row.avatar_id };
  return {
    ...toCard(row),
    description: row.description,
    website: row.website,
    socials: Object.fromEntries(GROUP_SOCIALS.map((social) => [social, row.socials[social] ?? null])) as Record<GroupSocial, string | null>,
    private: row.is_private,
    privacy: row.privacy,
    owner: toMemberCard(card),
    createdAt: row.created_at.toISOString(),
    postCount: row.post_count,
    role,
    canRead: role !== null || open,
    canJoin: role === null && open,
  };
}

/** The search key of a group: its name and tagline folded as the catalog's search folds them. */
export const groupSearchKey = (fields: Pick<GroupFields, 'name' | 'tagline'>): string => foldForSearch(`${fields.name} ${fields.tagline}`);

/** Only what the seed's social fields hold: the usernames given. */
const socialsJson = (socials: GroupFields['socials']): string =>
  JSON.stringify(Object.fromEntries(Object.entries(socials).filter(([, value]) => value !== null)));

/**
 * The groups' SQL: groups, their members and their images. Access is GroupAccess's. A statement
 * whose answer is read ends in a SELECT (TypeORM answers a top-level UPDATE or DELETE as
 * `[rows, count]`).
 */
@Injectable()
export class GroupsRepository {
  constructor(private readonly dataSource: DataSource) {}

  /**
   * A page of groups, newest first: the listed ones (every group but hidden ones), or (`mine`) the
   * viewer's own, hidden ones included; `search` keeps those whose folded name or tagline holds it.
   */
  async list(viewerId: number | null, options: { page: number; search: string; mine: boolean }): Promise<{ groups: GroupCard[]; hasMore: boolean }> {
    const size = R.pageSize;
    const folded = foldForSearch(options.search);
    const pattern = folded === '' ? null : `%${escapeLike(folded)}%`;
    const where = options.mine ? 'm.user_id IS NOT NULL' : 'NOT g.is_private';
    const join = options.mine ? 'JOIN' : 'LEFT JOIN';
    const rows = (await this.dataSource.query(
      `SELECT ${CARD_COLUMNS}, (m.user_id IS NOT NULL) AS member
         FROM flow_group g ${join} flow_group_member m ON m.group_id = g.id AND m.user_id = $1
        WHERE ${where} AND ($2::text IS NULL OR g.search_key LIKE $2 ESCAPE '\\')
        ORDER BY g.id DESC
        LIMIT $3 OFFSET $4`,
      [viewerId, pattern, size + 1, (options.page - 1) * size],
    )) as CardRow[];
    return { groups: rows.slice(0, size).map(toCard), hasMore: rows.length > size };
  }

  /** The group by id or by address, as the viewer sees it; null when there is none (access is the caller's). */
  async view(where: { id: number } | { slug: string }, viewerId: number | null, manager: EntityManager = this.dataSource.manager): Promise<GroupView | null> {
    const [condition, key] = 'id' in where ? ['g.id = $1', where.id] : ['g.slug = $1', where.slug];
    const rows = (await manager.query(
      `SELECT ${CARD_COLUMNS}, (m.user_id IS NOT NULL) AS member, g.description, g.website, g.socials, g.created_at, m.role AS viewer_role,
              (SELECT count(*) FROM flow_post p WHERE p.group_id = g.id)::int AS post_count, ${memberCardColumns('u')}
         FROM flow_group g JOIN app_user u ON u.id = g.owner_id
         LEFT JOIN flow_group_member m ON m.group_id = g.id AND m.user_id = $2
        WHERE ${condition}`,
      [key, viewerId],
    )) as ViewRow[];
    return rows[0] ? toView(rows[0]) : null;
  }

  /** The group's id and its role for the viewer by address (null: no such group). */
  async idBySlug(slug: string): Promise<number | null> {
    const rows = (await this.dataSource.query('SELECT id FROM flow_group WHERE slug = $1', [slug])) as Array<{ id: number }>;
    return rows[0]?.id ?? null;
  }

  /** The addresses already taken by `base` and `base-N`, to choose the next free one. */
  async slugsLike(base: string): Promise<string[]> {
    const rows = (await this.dataSource.query(`SELECT slug FROM flow_group WHERE slug = $1 OR slug LIKE $2 ESCAPE '\\'`, [base, `${escapeLike(base)}-%`])) as Array<{
      slug: string;
    }>;
    return rows.map((row) => row.slug);
  }

  /** Stores a group with its owner as its first member; answers its id. */
  async insert(manager: EntityManager, ownerId: number, slug: string, fields: GroupFields): Promise<number> {
    const rows = (await manager.query(
      `WITH made AS (
         INSERT INTO flow_group (owner_id, slug, name, search_key, tagline, description, website, socials, is_private, privacy, member_count)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8::jsonb, $9, $10, 1)
         RETURNING id, owner_id
       ), owner AS (
         INSERT INTO flow_group_member (group_id, user_id, role) SELECT id, owner_id, 'owner' FROM made
       )
       SELECT id FROM made`,
      [ownerId, slug, fields.name, groupSearchKey(fields), fields.tagline, fields.description, fields.website, socialsJson(fields.socials), fields.private, fields.privacy],
    )) as Array<{ id: number }>;
    return rows[0]!.id;
  }

  /** Locks the group for a change (null: no such group). */
  async lock(manager: EntityManager, groupId: number): Promise<LockedGroup | null> {
    const rows = (await manager.query(
      `SELECT id, owner_id, slug, is_private, privacy, cover_file_id, cover_upload_id, poster_file_id, poster_upload_id
         FROM flow_group WHERE id = $1 FOR UPDATE`,
      [groupId],
    )) as Array<{
      id: number;
      owner_id: number;
      slug: string;
      is_private: boolean;
      privacy: boolean;
      cover_file_id: string | null;
      cover_upload_id: string | null;
      poster_file_id: string | null;
      poster_upload_id: string | null;
    }>;
    const row = rows[0];
    if (!row) return null;
    return {
      id: row.id,
      ownerId: row.owner_id,
      slug: row.slug,
      private: row.is_private,
      privacy: row.privacy,
      coverFileId: row.cover_file_id,
      coverUploadId: row.cover_upload_id,
      posterFileId: row.poster_file_id,
      posterUploadId: row.poster_upload_id,
    };
  }

  async update(manager: EntityManager, groupId: number, fields: GroupFields): Promise<void> {
    await manager.query(
      `UPDATE flow_group SET name = $2, search_key = $3, tagline = $4, description = $5, website = $6, socials = $7::jsonb,
              is_private = $8, privacy = $9, updated_at = now()
        WHERE id = $1`,
      [groupId, fields.name, groupSearchKey(fields), fields.tagline, fields.description, fields.website, socialsJson(fields.socials), fields.private, fields.privacy],
    );
  }

  /** Points an image slot at a new upload waiting for its job (the stored image stays shown until then). */
  async setImageUpload(manager: EntityManager, groupId: number, slot: GroupImageSlot, uploadId: string): Promise<void> {
    await manager.query(`UPDATE flow_group SET ${slot}_upload_id = $2, updated_at = now() WHERE id = $1`, [groupId, uploadId]);
  }

  /** Empties an image slot (its stored file and any upload are the caller's to delete). */
  async clearImage(manager: EntityManager, groupId: number, slot: GroupImageSlot): Promise<void> {
    await manager.query(`UPDATE flow_group SET ${slot}_file_id = NULL, ${slot}_upload_id = NULL, updated_at = now() WHERE id = $1`, [groupId]);
  }

  /**
   * Puts the processed image in its slot when the slot still waits for `uploadId`; answers the
   * file it replaced (to delete) and whether it was attached (false: the slot moved on or the group
   * is gone, a repeated job).
   */
  async attachImage(manager: EntityManager, image: { groupId: number; slot: GroupImageSlot; uploadId: string; fileId: string }): Promise<{ attached: boolean; replaced: string | null }> {
    const { slot } = image;
    const rows = (await manager.query(
      `WITH old AS (SELECT id, ${slot}_file_id AS file_id FROM flow_group WHERE id = $1 AND ${slot}_upload_id = $2 FOR UPDATE),
       attached AS (
         UPDATE flow_group g SET ${slot}_file_id = $3, ${slot}_upload_id = NULL, updated_at = now()
           FROM old WHERE g.id = old.id
         RETURNING old.file_id AS replaced
       )
       SELECT replaced FROM attached`,
      [image.groupId, image.uploadId, image.fileId],
    )) as Array<{ replaced: string | null }>;
    return rows[0] ? { attached: true, replaced: rows[0].replaced } : { attached: false, replaced: null };
  }

  async delete(manager: EntityManager, groupId: number): Promise<void> {
    await manager.query('DELETE FROM flow_group WHERE id = $1', [groupId]);
  }

  /** Adds the member (the count kept in the same statement); false when they were in already. */
  async addMember(manager: EntityManager, groupId: number, userId: number): Promise<boolean> {
    const rows = (await manager.query(
      `WITH added AS (
         INSERT INTO flow_group_member (group_id, user_id) VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING group_id
       )
       , counted AS (UPDATE flow_group SET member_count = member_count + 1 WHERE id IN (SELECT group_id FROM added) RETURNING id)
       SELECT id FROM counted`,
      [groupId, userId],
    )) as Array<{ id: number }>;
    return rows.length > 0;
  }

  /** Removes a member who is not the owner (the count kept in the same statement); false when they were not one. */
  async removeMember(manager: EntityManager, groupId: number, userId: number): Promise<boolean> {
    const rows = (await manager.query(
      `WITH removed AS (
         DELETE FROM flow_group_member WHERE group_id = $1 AND user_id = $2 AND role <> 'owner' RETURNING group_id
       )
       , counted AS (UPDATE flow_group SET member_count = member_count - 1 WHERE id IN (SELECT group_id FROM removed) RETURNING id)
       SELECT id FROM counted`,
      [groupId, userId],
    )) as Array<{ id: number }>;
    return rows.length > 0;
  }

  /** A page of the group's members: the owner first, then the newest. */
  async members(groupId: number, page: number): Promise<{ members: GroupMember[]; hasMore: boolean }> {
    const size = R.membersPageSize;
    const rows = (await this.dataSource.query(
      `SELECT ${memberCardColumns('u')}, m.role, m.joined_at
         FROM flow_group_member m JOIN app_user u ON u.id = m.user_id
        WHERE m.group_id = $1
        ORDER BY (m.role = 'owner') DESC, m.joined_at DESC, m.user_id DESC
        LIMIT $2 OFFSET $3`,
      [groupId, size + 1, (page - 1) * size],
    )) as Array<MemberCardRow & { role: GroupMember['role']; joined_at: Date }>;
    return {
      members: rows.slice(0, size).map((row) => ({ ...toMemberCard(row), role: row.role, joinedAt: row.joined_at.toISOString() })),
      hasMore: rows.length > size,
    };
  }

  /** Members of the site whose folded username or name holds `query`, each with whether it is in the group. */
  async searchMembers(groupId: number, query: string): Promise<Array<MemberCard & { inGroup: boolean }>> {
    const folded = foldForSearch(query);
    const rows = (await this.dataSource.query(
      `SELECT ${memberCardColumns('u')}, EXISTS (SELECT 1 FROM flow_group_member m WHERE m.group_id = $1 AND m.user_id = u.id) AS in_group
         FROM app_user u
        WHERE member_search_text(u.username, u.profile_name) LIKE $2 ESCAPE '\\'
        ORDER BY (lower(u.username) = $3) DESC, lower(u.username), u.id
        LIMIT $4`,
      [groupId, `%${escapeLike(folded)}%`, query.toLowerCase(), R.memberSearchLimit],
    )) as Array<MemberCardRow & { in_group: boolean }>;
    return rows.map((row) => ({ ...toMemberCard(row), inGroup: row.in_group }));
  }

  /** A member by username (as typed, case aside); null when there is none. */
  async memberIdByUsername(username: string): Promise<number | null> {
    const rows = (await this.dataSource.query('SELECT id FROM app_user WHERE lower(username) = lower($1)', [username])) as Array<{ id: number }>;
    return rows[0]?.id ?? null;
  }

  /** Whether the member is in the group, and with which role. */
  async roleOf(groupId: number, userId: number, manager: EntityManager = this.dataSource.manager): Promise<Exclude<GroupRole, 'missing' | 'outside' | 'reader'> | null> {
    const rows = (await manager.query('SELECT role FROM flow_group_member WHERE group_id = $1 AND user_id = $2', [groupId, userId])) as Array<{ role: 'owner' | 'member' }>;
    return rows[0]?.role ?? null;
  }

  /** The members of a group, for taking their sockets off its channel when it closes. */
  async memberIds(groupId: number, manager: EntityManager = this.dataSource.manager): Promise<number[]> {
    const rows = (await manager.query('SELECT user_id FROM flow_group_member WHERE group_id = $1', [groupId])) as Array<{ user_id: number }>;
    return rows.map((row) => row.user_id);
  }
}
