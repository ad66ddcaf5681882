import { HttpStatus, Injectable } from '@nestjs/common';
import { PRIVATE_MESSAGE_MESSAGES as M, recipientUsernameSchema, type BlockState } from '@seyirlik/shared-contracts';
import { DataSource } from 'typeorm';
import { AppException } from '../platform/http/app-exception';

/**
 * The SQL condition "`blocker` blocked `other`", for a feature's own statement (the messages'
 * send, the notifications' sources), where `blocker` and `other` are SQL expressions (a column, a
 * parameter such as `$3`). Answered by member_block's primary key.
 */
export const blockedSql = (blocker: string, other: string): string =>
  `EXISTS (SELECT 1 FROM member_block mb WHERE mb.blocker_id = ${blocker} AND mb.blocked_id = ${other})`;

/**
 * Member blocks: a member blocks another so that no message, reply or room invitation from them
 * reaches the blocker. Blocking is one-sided and silent; only a blocked sender is told, when sending.
 */
@Injectable()
export class MemberBlocks {
  constructor(private readonly dataSource: DataSource) {}

  /** Whether `blockerId` blocked `otherId`. */
  async isBlocked(blockerId: number, otherId: number): Promise<boolean> {
    const rows = (await this.dataSource.query(`SELECT ${blockedSql('$1', '$2')} AS blocked`, [blockerId, otherId])) as Array<{ blocked: boolean }>;
    return rows[0]?.blocked ?? false;
  }

  /** Of `otherIds`, those who blocked `userId` (a room's invitees, for instance). */
  async blockersAmong(userId: number, otherIds: number[]): Promise<number[]> {
    if (otherIds.length === 0) return [];
    const rows = (await this.dataSource.query('SELECT blocker_id FROM member_block WHERE blocked_id = $1 AND blocker_id = ANY($2::int[]) ORDER BY blocker_id', [
      userId,
      otherIds,
    ])) as Array<{ blocker_id: number }>;
    return rows.map((row) => row.blocker_id);
  }

  /** Whether the viewer blocked the member of `username` (404 for no such member). */
  async state(viewerId: number, username: unknown): Promise<BlockState> {
    const otherId = await this.memberId(username);
    return { blocked: await this.isBlocked(viewerId, otherId) };
  }

  /** Blocks (or, with `blocked` false, unblocks) the member of `username`; repeating changes nothing. */
  async set(viewerId: number, username: unknown, blocked: boolean): Promise<BlockState> {
    const otherId = await this.memberId(username);
    if (otherId === viewerId) throw new AppException(HttpStatus.BAD_REQUEST, M.blockSelf);
    await this.dataSource.query(
      blocked
        ? 'INSERT INTO member_block (blocker_id, blocked_id) VALUES ($1, $2) ON CONFLICT DO NOTHING'
        : 'DELETE FROM member_block WHERE blocker_id = $1 AND blocked_id = $2',
      [viewerId, otherId],
    );
    return { blocked };
  }

  private async memberId(username: unknown): Promise<number> {
    const parsed = recipientUsernameSchema.safeParse(username);
    const rows = parsed.success
      ? ((await this.dataSource.query('SELECT id FROM app_user WHERE lower(username) = lower($1)', [parsed.data])) as Array<{ id: number }>)
      : [];
    if (!rows[0]) throw new AppException(HttpStatus.NOT_FOUND, M.memberNotFound);
    return rows[0].id;
  }
}
