import { HttpStatus, Injectable } from '@nestjs/common';
import {
  CATALOG_MESSAGES,
  MEMBER_STATE_MESSAGES as M,
  MEMBER_STATE_RULES,
  WATCH_MESSAGES,
  watchPath,
  type ContinueWatchingEntry,
  type EpisodeWatchedState,
  type TitleContinueWatching,
  type TitleMemberState,
} from '@seyirlik/shared-contracts';
import { DataSource, type EntityManager, In } from 'typeorm';
import { DomainEvents } from '../../platform/events/domain-events';
import { AppException } from '../../platform/http/app-exception';
import { toTitleCard } from '../catalog.service';
import { findTitleByAddress } from '../title-lookup';
import { Title } from '../entities/title.entity';

/** The title-level markers; each is a (user_id, title_id) table. */
export type TitleMark = 'follow' | 'favorite' | 'notify';
const MARK_TABLES: Record<TitleMark, string> = { follow: 'title_follow', favorite: 'title_favorite', notify: 'title_notify' };

interface EpisodeRow {
  id: number;
  title_id: number;
  season_id: number;
  season_number: number;
}

/**
 * A member's follow, favourite and "Haber ver" marks, watched episodes and continue-watching
 * positions. Every toggle takes a transaction-scoped advisory lock on (member, marker, target), so
 * concurrent toggles run one after another: N toggles flip the state N times, and each answer is
 * the state its own toggle left.
 */
@Injectable()
export class MemberStateService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly events: DomainEvents,
  ) {}

  /** The title of a page address, or 404 in Turkish. */
  async titleByAddress(kind: string, slug: string): Promise<Title> {
    return findTitleByAddress(this.dataSource.getRepository(Title), kind, slug);
  }

  async titleById(titleId: number): Promise<Title> {
    const title = await this.dataSource.getRepository(Title).findOne({ where: { id: titleId } });
    if (!title) throw new AppException(HttpStatus.NOT_FOUND, CATALOG_MESSAGES.titleNotFound);
    return title;
  }

  async titleState(userId: number | null, titleId: number): Promise<TitleMemberState> {
    if (userId === null) return { following: false, favorite: false, notify: false, watchedEpisodeIds: [] };
    const [row] = (await this.dataSource.query(
      `SELECT EXISTS (SELECT 1 FROM title_follow WHERE user_id = $1 AND title_id = $2) AS following,
              EXISTS (SELECT 1 FROM title_favorite WHERE user_id = $1 AND title_id = $2) AS favorite,
              EXISTS (SELECT 1 FROM title_notify WHERE user_id = $1 AND title_id = $2) AS notify,
              ARRAY(SELECT w.episode_id FROM watched_episode w JOIN episode e ON e.id = w.episode_id
                    WHERE w.user_id = $1 AND e.title_id = $2 ORDER BY w.episode_id) AS watched`,
      [userId, titleId],
    )) as Array<{ following: boolean; favorite: boolean; notify: boolean; watched: number[] }>;
    return { following: row.following, favorite: row.favorite, notify: row.notify, watchedEpisodeIds: row.watched.map(Number) };
  }

  /** Sets a title mark (`desired`) or toggles it (undefined); answers whether it is now set. */
  async setMark(userId: number, titleId: number, mark: TitleMark, desired?: boolean): Promise<boolean> {
    await this.titleById(titleId);
    const table = MARK_TABLES[mark];
    return this.dataSource.transaction(async (manager) => {
      await this.lock(manager, `${table}:${userId}`, titleId);
      const [existing] = (await manager.query(`SELECT 1 FROM ${table} WHERE user_id = $1 AND title_id = $2`, [userId, titleId])) as unknown[];
      const next = desired ?? !existing;
      if (next && !existing) await manager.query(`INSERT INTO ${table} (user_id, title_id) VALUES ($1, $2) ON CONFLICT DO NOTHING`, [userId, titleId]);
      if (!next && existing) await manager.query(`DELETE FROM ${table} WHERE user_id = $1 AND title_id = $2`, [userId, titleId]);
      return next;
    });
  }

  async episode(episodeId: number): Promise<EpisodeRow> {
    const [row] = (await this.dataSource.query(
      'SELECT e.id, e.title_id, e.season_id, s.number AS season_number FROM episode e JOIN season s ON s.id = e.season_id WHERE e.id = $1',
      [episodeId],
    )) as EpisodeRow[];
    if (!row) throw new AppException(HttpStatus.NOT_FOUND, WATCH_MESSAGES.episodeNotFound);
    return row;
  }

  /**
   * The watched marker of one episode: set (`desired`) or toggled. `active` is whether that
   * episode is now watched; `seasonEpisodeIds` are its season's episodes now watched. A new mark
   * publishes `episode.watched` in its transaction.
   */
  async setWatched(userId: number, episode: EpisodeRow, desired?: boolean): Promise<EpisodeWatchedState> {
    return this.dataSource.transaction(async (manager) => {
      await this.lock(manager, `watched_episode:${userId}`, episode.id);
      const [existing] = (await manager.query('SELECT 1 FROM watched_episode WHERE user_id = $1 AND episode_id = $2', [userId, episode.id])) as unknown[];
      const active = desired ?? !existing;
      if (active && !existing) {
        await manager.query('INSERT INTO watched_episode (user_id, episode_id) VALUES ($1, $2) ON CONFLICT DO NOTHING', [userId, episode.id]);
        await this.events.publish(manager, 'episode.watched', { userId, episodeId: episode.id, titleId: episode.title_id });
      }
      if (!active && existing) await manager.query('DELETE FROM watched_episode WHERE user_id = $1 AND episode_id = $2', [userId, episode.id]);
      const rows = (await manager.query(
        'SELECT w.episode_id FROM watched_episode w JOIN episode e ON e.id = w.episode_id WHERE w.user_id = $1 AND e.season_id = $2 ORDER BY w.episode_id',
        [userId, episode.season_id],
      )) as Array<{ episode_id: number }>;
      return { active, seasonEpisodeIds: rows.map((row) => Number(row.episode_id)) };
    });
  }

  /** Saves the position in an episode (one row per member and episode); answers the entry id. */
  async saveContinue(userId: number, episodeId: number, positionSeconds: number): Promise<{ id: number }> {
    await this.episode(episodeId);
    const [row] = (await this.dataSource.query(
      `INSERT INTO continue_watching (user_id, episode_id, position_seconds) VALUES ($1, $2, $3)
       ON CONFLICT (user_id, episode_id) DO UPDATE SET position_seconds = EXCLUDED.position_seconds, updated_at = now()
       RETURNING id`,
      [userId, episodeId, positionSeconds],
    )) as Array<{ id: number }>;
    return { id: row.id };
  }

  /** The episode of a legacy (title id, season number, episode number). */
  async episodeByNumbers(titleId: number, season: number, number: number): Promise<number> {
    const [row] = (await this.dataSource.query(
      'SELECT e.id FROM episode e JOIN season s ON s.id = e.season_id WHERE e.title_id = $1 AND s.number = $2 AND e.number = $3',
      [titleId, season, number],
    )) as Array<{ id: number }>;
    if (!row) throw new AppException(HttpStatus.NOT_FOUND, WATCH_MESSAGES.episodeNotFound);
    return row.id;
  }

  /** The newest saved entry of each title (of `titleId` only, when given), newest first. */
  async continueWatching(userId: number, titleId: number | null = null): Promise<ContinueWatchingEntry[]> {
    const rows = (await this.dataSource.query(
      `SELECT * FROM (
         SELECT DISTINCT ON (e.title_id) c.id, c.position_seconds, c.updated_at, c.episode_id,
                e.title_id, e.number AS episode_number, e.name AS episode_name, e.duration_seconds, s.number AS season_number
         FROM continue_watching c JOIN episode e ON e.id = c.episode_id JOIN season s ON s.id = e.season_id
         WHERE c.user_id = $1 AND ($3::integer IS NULL OR e.title_id = $3)
         ORDER BY e.title_id, c.updated_at DESC, c.id DESC
       ) latest ORDER BY updated_at DESC, id DESC LIMIT $2`,
      [userId, MEMBER_STATE_RULES.continueWatchingLimit, titleId],
    )) as Array<{
      id: number;
      position_seconds: number;
      updated_at: Date;
      episode_id: number;
      title_id: number;
      episode_number: number;
      episode_name: string;
      duration_seconds: number;
      season_number: number;
    }>;
    if (rows.length === 0) return [];
    const titles = await this.dataSource.getRepository(Title).findBy({ id: In(rows.map((row) => row.title_id)) });
    const byId = new Map(titles.map((title) => [title.id, title]));
    return rows.flatMap((row) => {
      const title = byId.get(row.title_id);
      if (!title) return [];
      return [
        {
          id: row.id,
          title: toTitleCard(title),
          episode: { id: row.episode_id, season: row.season_number, number: row.episode_number, name: row.episode_name, durationSeconds: row.duration_seconds },
          watchPath: watchPath({ kind: title.kind, slug: title.slug, season: row.season_number, episode: row.episode_number }),
          positionSeconds: row.position_seconds,
          updatedAt: new Date(row.updated_at).toISOString(),
        },
      ];
    });
  }

  /** The entry a title page offers to resume: the member's newest of that title; none for a visitor. */
  async titleContinue(userId: number | null, titleId: number): Promise<TitleContinueWatching> {
    if (userId === null) return { entry: null };
    const [entry] = await this.continueWatching(userId, titleId);
    return { entry: entry ?? null };
  }

  /** Deletes the member's own entry; anyone else's (or none) is 404 and nothing changes. */
  async deleteContinue(userId: number, id: number): Promise<void> {
    const [, affected] = (await this.dataSource.query('DELETE FROM continue_watching WHERE id = $1 AND user_id = $2', [id, userId])) as [unknown, number];
    if (!affected) throw new AppException(HttpStatus.NOT_FOUND, M.continueNotFound);
  }

  private async lock(manager: EntityManager, scope: string, target: number): Promise<void> {
    await manager.query('SELECT pg_advisory_xact_lock(hashtext($1), $2)', [scope, target]);
  }
}
