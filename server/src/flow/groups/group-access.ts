import { HttpStatus, Injectable } from '@nestjs/common';
import { FLOW_MESSAGES, GROUP_MESSAGES as M } from '@seyirlik/shared-contracts';
import type { QueryResultRow } from 'pg';
import { DataSource, type EntityManager } from 'typeorm';
import { AppException } from '../../platform/http/app-exception';
import { PreparedStatement } from '../../platform/database/prepared-statement';

/**
 * What a member (or a visitor) may do with a group (see GROUP_VISIBILITIES): `missing` (no such
 * group, or a hidden one they are not in: the same answer, so a hidden group's existence never
 * shows), `outside` (they may see the group but not its posts: a closed group they are not in),
 * `reader` (an open group they are not in: they read, and join by themselves), `member`, `owner`.
 */
export type GroupRole = 'missing' | 'outside' | 'reader' | 'member' | 'owner';

/**
 * The viewer's role in the group whose id is `groupExpr`, for the viewer `userParam` (null: a
 * visitor), as SQL: one expression other statements embed (a post's group), so a check costs no
 * extra round trip. Answers a GroupRole, or NULL for no such group. The rule itself is the
 * database function flow_group_role (migration 1765710000000), which the vote and reaction
 * functions call too: member or owner by their membership; otherwise 'missing' for a hidden group,
 * 'outside' for a closed one, 'reader' for an open one.
 */
export const groupRoleSql = (groupExpr: string, userParam: string): string => `flow_group_role(${groupExpr}, ${userParam})`;

/** Whether a role reads the group's posts. */
export const readsPosts = (role: GroupRole): boolean => role === 'reader' || role === 'member' || role === 'owner';
/** Whether a role posts in the group. */
export const postsIn = (role: GroupRole): boolean => role === 'member' || role === 'owner';

/** A post's group and the viewer's role in it: `missing` for no such post. */
const POST_ROLE = new PreparedStatement<{ group_id: number | null; role: GroupRole | null }>(
  'group_post_role',
  `SELECT p.group_id, CASE WHEN p.group_id IS NULL THEN NULL ELSE coalesce(${groupRoleSql('p.group_id', '$2')}, 'missing') END AS role
     FROM flow_post p WHERE p.id = $1`,
);

const GROUP_ROLE = new PreparedStatement<{ role: GroupRole | null }>('group_role', `SELECT ${groupRoleSql('$1::int', '$2::int')} AS role`);

/** A check inside a transaction runs on its connection; otherwise prepared, on the pool. */
function run<Row extends QueryResultRow>(statement: PreparedStatement<Row>, dataSource: DataSource, manager: EntityManager | undefined, values: unknown[]): Promise<Row[]> {
  return manager ? (manager.query(statement.text, values) as Promise<Row[]>) : statement.run(dataSource, values);
}

/** How a post stands for a viewer: `public` (the flow's), or its group's id and the viewer's role there. */
export type PostStanding = { kind: 'missing' } | { kind: 'public' } | { kind: 'group'; groupId: number; role: GroupRole };

/** The refusal of a read the role does not allow: the post (or group) is not found, or is for the group's members. */
export function readRefusal(role: GroupRole, notFound: string = M.groupNotFound): AppException {
  return role === 'missing' ? new AppException(HttpStatus.NOT_FOUND, notFound) : new AppException(HttpStatus.FORBIDDEN, M.membersOnlyRead);
}

/**
 * The one place that says who may read and post in a group, used by the groups themselves and by
 * every feature of group posts (the flow, polls, reactions and their channels): each read over
 * HTTP, the legacy paths and the socket rooms passes through it.
 */
@Injectable()
export class GroupAccess {
  constructor(private readonly dataSource: DataSource) {}

  /** The viewer's role in the group (`missing` when there is no such group). */
  async role(userId: number | null, groupId: number, manager?: EntityManager): Promise<GroupRole> {
    const [row] = await run(GROUP_ROLE, this.dataSource, manager, [groupId, userId]);
    return row?.role ?? 'missing';
  }

  /** Where a post stands for the viewer (one query). */
  async post(userId: number | null, postId: number | string, manager?: EntityManager): Promise<PostStanding> {
    const [row] = await run(POST_ROLE, this.dataSource, manager, [postId, userId]);
    if (!row) return { kind: 'missing' };
    if (row.group_id === null) return { kind: 'public' };
    return { kind: 'group', groupId: row.group_id, role: row.role ?? 'missing' };
  }

  /** Whether the viewer may read the post (its group's posts, or the public flow's). */
  async readsPost(userId: number | null, postId: number | string): Promise<boolean> {
    const standing = await this.post(userId, postId);
    return standing.kind === 'public' || (standing.kind === 'group' && readsPosts(standing.role));
  }

  /**
   * Refuses a viewer who may not read the post: 404 'Gönderi bulunamadı.' (`notFound`) for no such
   * post or a hidden group's, 403 for a closed group's. Answers the standing otherwise.
   */
  async assertReadsPost(userId: number | null, postId: number, notFound: string = FLOW_MESSAGES.postNotFound, manager?: EntityManager): Promise<PostStanding> {
    const standing = await this.post(userId, postId, manager);
    if (standing.kind === 'missing') throw new AppException(HttpStatus.NOT_FOUND, notFound);
    if (standing.kind === 'group' && !readsPosts(standing.role)) throw readRefusal(standing.role, notFound);
    return standing;
  }

  /** Refuses a viewer who may not read the group's posts (404 for a hidden group or none, 403 for a closed one); answers the role. */
  async assertReadsGroup(userId: number | null, groupId: number): Promise<GroupRole> {
    const role = await this.role(userId, groupId);
    if (!readsPosts(role)) throw readRefusal(role);
    return role;
  }

  /** Refuses a viewer who may not post in the group: 404 when they may not see it, 403 when they are not a member. */
  async assertPostsIn(userId: number, groupId: number, manager?: EntityManager): Promise<GroupRole> {
    const role = await this.role(userId, groupId, manager);
    if (role === 'missing') throw new AppException(HttpStatus.NOT_FOUND, M.groupNotFound);
    if (!postsIn(role)) throw new AppException(HttpStatus.FORBIDDEN, M.membersOnlyPost);
    return role;
  }
}
