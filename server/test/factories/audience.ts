import { randomBytes } from 'node:crypto';
import type { NotificationKind } from '@seyirlik/shared-contracts';
import type { DataSource } from 'typeorm';

/**
 * `count` members written straight to the database (no password anyone can use, no session), in
 * one statement; answers their ids in ascending order. For tests about many members at once,
 * where registering each through the API would only measure argon2.
 */
export async function insertMembers(dataSource: DataSource, count: number): Promise<number[]> {
  const prefix = `uye_${randomBytes(3).toString('hex')}_`;
  const rows = (await dataSource.query(
    `INSERT INTO app_user (username, email, password_hash, profile_name)
     SELECT $1 || i, $1 || i || '@example.com', 'not-a-hash', 'Üye ' || i FROM generate_series(1, $2::int) AS i
     RETURNING id`,
    [prefix, count],
  )) as Array<{ id: number }>;
  return rows.map((row) => row.id).sort((a, b) => a - b);
}

/** The members follow the title. */
export async function follow(dataSource: DataSource, titleId: number, userIds: readonly number[]): Promise<void> {
  await dataSource.query('INSERT INTO title_follow (user_id, title_id) SELECT unnest($1::int[]), $2', [userIds, titleId]);
}

/** The members asked "Haber ver" on the title. */
export async function askToNotify(dataSource: DataSource, titleId: number, userIds: readonly number[]): Promise<void> {
  await dataSource.query('INSERT INTO title_notify (user_id, title_id) SELECT unnest($1::int[]), $2', [userIds, titleId]);
}

/** The member muted notifications of `kind`. */
export async function mute(dataSource: DataSource, userId: number, kind: NotificationKind): Promise<void> {
  await dataSource.query('INSERT INTO notification_mute (user_id, kind) VALUES ($1, $2)', [userId, kind]);
}
