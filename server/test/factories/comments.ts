import type request from 'supertest';
import type { DataSource } from 'typeorm';

/**
 * The comment tables' row counts and like total, and the rooms' chat messages (a timed comment is
 * none): what a refused comment request must leave as it was.
 */
export async function commentCounts(db: DataSource): Promise<Record<string, number>> {
  const [counts] = (await db.query(`SELECT (SELECT count(*) FROM comment)::int AS comments,
                                           (SELECT count(*) FROM comment WHERE deleted_at IS NOT NULL)::int AS deleted,
                                           (SELECT count(*) FROM comment_like)::int AS likes,
                                           (SELECT coalesce(sum(like_count), 0) FROM comment)::int AS like_total,
                                           (SELECT count(*) FROM comment_report)::int AS reports,
                                           (SELECT count(*) FROM watch_room_message)::int AS messages`)) as Array<Record<string, number>>;
  return counts!;
}

/** Sends a request that must be refused, checks that it changed none of `commentCounts`, and answers its response. */
export async function refusedComment(db: DataSource, send: () => Promise<request.Response>): Promise<request.Response> {
  const before = await commentCounts(db);
  const response = await send();
  expect(await commentCounts(db)).toEqual(before);
  return response;
}
