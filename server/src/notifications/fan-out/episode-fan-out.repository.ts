import { Injectable } from '@nestjs/common';
import { streams, type TitleKind } from '@seyirlik/shared-contracts';
import { DataSource, type EntityManager } from 'typeorm';
import type { EpisodeNotice, EpisodeNoticeKind, ReleasedEpisode } from './episode-notices';

/** Class of the advisory lock (with the chunk's key) that serialises two runs' work on one chunk. */
const FAN_OUT_LOCK_CLASS = 7_382_150;
/** The upper bound of the last chunk: every member id after the last boundary. */
const LAST_MEMBER_ID = 2_147_483_647;

/** One chunk of a fan-out: the audience members with `after < user_id <= upTo`. */
export interface ChunkRange {
  after: number;
  upTo: number;
}

/** The notifications one chunk wrote, as parallel arrays in member order. */
export interface ChunkWritten {
  ids: number[];
  userIds: number[];
  seqs: number[];
  kinds: EpisodeNoticeKind[];
  /** Each member's unread notifications, the new one included. */
  unreadCounts: number[];
  /** When they were made (the chunk's transaction). */
  createdAt: Date;
}

interface ChunkRow {
  created_at: Date;
  ids: string[] | null;
  user_ids: number[] | null;
  seqs: string[] | null;
  kinds: EpisodeNoticeKind[] | null;
  unread_counts: number[] | null;
}

/**
 * One chunk of a release's fan-out, in one statement: the members in (`$2`, `$3`] among the
 * title's followers (and, for a premiere `$4`, its "Haber ver" members), a range scan of the
 * (title_id, user_id) indexes; the kind each gets (`title.aired` for a "Haber ver" member at a
 * premiere, else `episode.new` for a follower; none for a muted kind); those without this
 * episode's row yet take the next number of their stream, in member order (so fan-outs of
 * several episodes never wait on each other in a circle), and get the row. ON CONFLICT DO
 * NOTHING keeps a repeat harmless. Answers what was written, with each member's unread count (the
 * rows before, seen by this statement, which the member range bounds, and the new one).
 */
const CHUNK_SQL = `
  WITH chunk AS (
    SELECT user_id, bool_or(follows) AS follows, bool_or(asked) AS asked FROM (
      SELECT user_id, true AS follows, false AS asked FROM title_follow WHERE title_id = $1 AND user_id > $2 AND user_id <= $3
      UNION ALL
      SELECT user_id, false, true FROM title_notify WHERE $4::boolean AND title_id = $1 AND user_id > $2 AND user_id <= $3
    ) audience
    GROUP BY user_id
  ),
  fresh AS (
    SELECT told.user_id, $9 || told.user_id AS stream, told.kind FROM (
      SELECT c.user_id,
             CASE WHEN c.asked AND NOT EXISTS (SELECT 1 FROM notification_mute m WHERE m.user_id = c.user_id AND m.kind = 'title.aired')
                  THEN 'title.aired'
                  WHEN c.follows AND NOT EXISTS (SELECT 1 FROM notification_mute m WHERE m.user_id = c.user_id AND m.kind = 'episode.new')
                  THEN 'episode.new'
             END AS kind
        FROM chunk c
       WHERE NOT EXISTS (SELECT 1 FROM notification x WHERE x.user_id = c.user_id AND x.group_key = $5)
    ) told
    WHERE told.kind IS NOT NULL
  ),
  numbered AS (
    INSERT INTO stream_sequence (stream, last_seq) SELECT stream, 1 FROM fresh ORDER BY user_id
    ON CONFLICT (stream) DO UPDATE SET last_seq = stream_sequence.last_seq + 1
    RETURNING stream, last_seq
  ),
  written AS (
    INSERT INTO notification (user_id, seq, kind, group_key, actor_id, actor_count, text, link)
    SELECT f.user_id, n.last_seq, f.kind, $5, NULL, 0, CASE f.kind WHEN 'title.aired' THEN $7 ELSE $6 END, $8
      FROM fresh f JOIN numbered n ON n.stream = f.stream
    ON CONFLICT (user_id, group_key) DO NOTHING
    RETURNING id, user_id, seq, kind
  ),
  unread AS (
    SELECT u.user_id, count(*)::int AS unread FROM notification u
     WHERE u.read_at IS NULL AND u.user_id > $2 AND u.user_id <= $3 AND u.user_id IN (SELECT user_id FROM fresh)
     GROUP BY u.user_id
  )
  SELECT now() AS created_at,
         array_agg(w.id ORDER BY w.user_id) AS ids,
         array_agg(w.user_id ORDER BY w.user_id) AS user_ids,
         array_agg(w.seq ORDER BY w.user_id) AS seqs,
         array_agg(w.kind ORDER BY w.user_id) AS kinds,
         array_agg(coalesce(unread.unread, 0) + 1 ORDER BY w.user_id) AS unread_counts
    FROM written w LEFT JOIN unread ON unread.user_id = w.user_id`;

/** The SQL of the new-episode fan-out: who hears of a release, and their notifications. */
@Injectable()
export class EpisodeFanOutRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** Of these episodes, those whose title has a follower or a "Haber ver" member: the others need no fan-out. */
  async withAudience(manager: EntityManager, episodeIds: readonly number[]): Promise<number[]> {
    const rows = (await manager.query(
      `SELECT e.id FROM episode e
        WHERE e.id = ANY($1::int[])
          AND (EXISTS (SELECT 1 FROM title_follow f WHERE f.title_id = e.title_id)
               OR EXISTS (SELECT 1 FROM title_notify n WHERE n.title_id = e.title_id))
        ORDER BY e.id`,
      [episodeIds],
    )) as Array<{ id: number }>;
    return rows.map((row) => row.id);
  }

  /** The episode with its title and season, or null when it is gone. */
  async releasedEpisode(episodeId: number): Promise<ReleasedEpisode | null> {
    const [row] = (await this.dataSource.query(
      `SELECT e.id AS episode_id, e.title_id, t.name AS title_name, t.kind AS title_kind, t.slug AS title_slug,
              s.number AS season_number, e.number AS episode_number,
              NOT EXISTS (
                SELECT 1 FROM episode o WHERE o.title_id = e.title_id AND (o.air_at, o.id) < (e.air_at, e.id)
              ) AS premiere
         FROM episode e JOIN season s ON s.id = e.season_id JOIN title t ON t.id = e.title_id
        WHERE e.id = $1`,
      [episodeId],
    )) as Array<{
      episode_id: number;
      title_id: number;
      title_name: string;
      title_kind: TitleKind;
      title_slug: string;
      season_number: number;
      episode_number: number;
      premiere: boolean;
    }>;
    if (!row) return null;
    return {
      episodeId: row.episode_id,
      titleId: row.title_id,
      titleName: row.title_name,
      titleKind: row.title_kind,
      titleSlug: row.title_slug,
      seasonNumber: row.season_number,
      episodeNumber: row.episode_number,
      premiere: row.premiere,
    };
  }

  /**
   * The audience cut into chunks of about `size` members, in member order: the member ids that end
   * a chunk, found in one pass over the (title_id, user_id) indexes. Members who join meanwhile
   * fall in the chunk of their id; the last chunk is open-ended.
   */
  async chunkRanges(episode: ReleasedEpisode, size: number): Promise<ChunkRange[]> {
    const rows = (await this.dataSource.query(
      `SELECT user_id FROM (
         SELECT user_id, row_number() OVER (ORDER BY user_id) AS n FROM (
           SELECT user_id FROM title_follow WHERE title_id = $1
           UNION
           SELECT user_id FROM title_notify WHERE $2::boolean AND title_id = $1
         ) audience
       ) numbered
       WHERE n % $3 = 0 ORDER BY user_id`,
      [episode.titleId, episode.premiere, size],
    )) as Array<{ user_id: number }>;
    const ends = [...rows.map((row) => row.user_id), LAST_MEMBER_ID];
    return ends.map((upTo, index) => ({ after: index === 0 ? 0 : ends[index - 1]!, upTo }));
  }

  /**
   * Tells one chunk's members (see CHUNK_SQL) in a transaction of its own, committed only once
   * `before` (the previous chunk's commit) resolved, so chunks run side by side yet commit in
   * member order: a member's notification is never visible before those of the members before
   * them. The chunk's advisory lock makes two runs of one episode at once take the chunk in turn,
   * the later one seeing what the earlier committed, so no member's stream takes a number for a
   * row that is then not written.
   */
  async tellChunk(episode: ReleasedEpisode, notice: EpisodeNotice, range: ChunkRange, before: Promise<void>): Promise<ChunkWritten> {
    const row = await this.dataSource.transaction(async (manager) => {
      await manager.query('SELECT pg_advisory_xact_lock($1, hashtext($2))', [FAN_OUT_LOCK_CLASS, `${notice.groupKey}:${range.after}`]);
      const [result] = (await manager.query(CHUNK_SQL, [
        episode.titleId,
        range.after,
        range.upTo,
        episode.premiere,
        notice.groupKey,
        notice.texts['episode.new'],
        notice.texts['title.aired'],
        notice.link,
        streams.notifications(''),
      ])) as ChunkRow[];
      await before;
      return result!;
    });
    return {
      ids: (row.ids ?? []).map(Number),
      userIds: row.user_ids ?? [],
      seqs: (row.seqs ?? []).map(Number),
      kinds: row.kinds ?? [],
      unreadCounts: row.unread_counts ?? [],
      createdAt: row.created_at,
    };
  }
}
