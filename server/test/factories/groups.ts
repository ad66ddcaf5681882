import type { DataSource } from 'typeorm';

let made = 0;

/**
 * A group stored straight in the database, with its owner as its first member, for tests of the
 * features inside groups; the groups' own tests make theirs through the API.
 */
export async function insertGroup(db: DataSource, ownerId: number, flags: { private?: boolean; privacy?: boolean } = {}): Promise<number> {
  made += 1;
  const slug = `test-grubu-${process.pid}-${Date.now()}-${made}`;
  const [row] = (await db.query(
    `WITH made AS (
       INSERT INTO flow_group (owner_id, slug, name, search_key, description, is_private, privacy, member_count)
       VALUES ($1, $2, $3, $2, 'Test grubu.', $4, $5, 1) RETURNING id, owner_id
     ), owner AS (INSERT INTO flow_group_member (group_id, user_id, role) SELECT id, owner_id, 'owner' FROM made)
     SELECT id FROM made`,
    [ownerId, slug, `Test grubu ${made}`, flags.private ?? false, flags.privacy ?? false],
  )) as Array<{ id: number }>;
  return row!.id;
}
