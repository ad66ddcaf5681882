import { HttpStatus, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import {
  CATALOG_RULES,
  MESSAGES,
  WATCH_MESSAGES,
  WATCH_RULES,
  titlePath,
  watchPath,
  type SourceKind,
  type SourceStream,
  type TitleKind,
  type WatchData,
  type WatchEpisodeRef,
  type WatchSource,
} from '@seyirlik/shared-contracts';
import { DataSource, In, Repository } from 'typeorm';
import type { Viewer } from '../../accounts';
import { AppException, LoginRequiredException } from '../../platform/http/app-exception';
import { posterUrl } from '../catalog.paths';
import { toTitleCard } from '../catalog.service';
import { findTitleByAddress } from '../title-lookup';
import { PreRollAd } from '../entities/pre-roll-ad.entity';
import { Title } from '../entities/title.entity';
import { VideoGroup } from '../entities/video-group.entity';
import { VideoSource } from '../entities/video-source.entity';
import type { EpisodeListItem } from './watch-themes';
import { airedSql } from '../aired';

/** A source as the player needs it, after the lock was checked. */
export interface OpenedSource extends SourceStream {
  name: string;
  episodeId: number;
}

/** A source of a video group in the legacy reply: the link only where the viewer may open it. */
export interface GroupVideo {
  id: number;
  name: string;
  link: string | null;
  tiers: string[];
  lock: boolean;
  download: boolean;
}

/** One page of an episode list. */
export interface EpisodePage {
  items: EpisodeListItem[];
  /** Episodes left after this page; for the whole catalog's latest episodes, 1 when another page follows. */
  remaining: number;
}

interface AiredEpisodeRow {
  id: number;
  season: number;
  season_name: string | null;
  number: number;
  name: string;
}

interface EpisodeListRow {
  slug: string;
  kind: TitleKind;
  title_name: string;
  poster_url: string | null;
  season: number;
  number: number;
  name: string;
}

const notFound = (message: string) => new AppException(HttpStatus.NOT_FOUND, message);

function toWatchSource(source: VideoSource): WatchSource {
  return {
    id: source.id,
    name: source.name,
    kind: source.kind,
    tiers: source.tiers,
    locked: source.locked,
    downloadable: source.downloadable,
  };
}

/**
 * The watch page: an aired episode with its alternatives (never their links), its neighbours and
 * the pre-roll ads; the links themselves, handed out only to whom a source's lock allows.
 */
@Injectable()
export class WatchService {
  constructor(
    @InjectRepository(Title) private readonly titles: Repository<Title>,
    @InjectRepository(VideoGroup) private readonly groups: Repository<VideoGroup>,
    @InjectRepository(VideoSource) private readonly sources: Repository<VideoSource>,
    @InjectRepository(PreRollAd) private readonly ads: Repository<PreRollAd>,
    private readonly dataSource: DataSource,
  ) {}

  async watchData(kind: string, slug: string, seasonNumber: number, episodeNumber: number): Promise<WatchData> {
    const title = await findTitleByAddress(this.titles, kind, slug);

    // Every aired episode of the title in watching order: the neighbours, seasons and list come from it.
    const aired: AiredEpisodeRow[] = await this.dataSource.query(
      `SELECT e.id, s.number AS season, s.name AS season_name, e.number, e.name
         FROM episode e JOIN season s ON s.id = e.season_id
        WHERE e.title_id = $1 AND ${airedSql('e')}
        ORDER BY s.number, e.number`,
      [title.id],
    );
    const index = aired.findIndex((row) => row.season === seasonNumber && row.number === episodeNumber);
    if (index < 0) throw notFound(WATCH_MESSAGES.episodeNotFound);
    const current = aired[index]!;
    const episode = await this.dataSource.query(
      'SELECT air_at, duration_seconds FROM episode WHERE id = $1',
      [current.id],
    ) as Array<{ air_at: Date; duration_seconds: number }>;

    const ref = (row: AiredEpisodeRow): WatchEpisodeRef => ({
      season: row.season,
      number: row.number,
      name: row.name,
      path: watchPath({ kind: title.kind, slug: title.slug, season: row.season, episode: row.number }),
    });

    const [sources, groups, ads] = await Promise.all([
      this.sources.find({ where: { episodeId: current.id }, order: { position: 'ASC' } }),
      this.groups.find({ where: { episodeId: current.id }, order: { position: 'ASC' } }),
      this.ads.find({ order: { position: 'ASC', id: 'ASC' } }),
    ]);
    const groupSources = groups.length
      ? await this.sources.find({ where: { groupId: In(groups.map((group) => group.id)) }, order: { position: 'ASC' } })
      : [];

    const seasons = aired.filter((row, i) => i === 0 || aired[i - 1]!.season !== row.season);
    return {
      title: { ...toTitleCard(title), path: titlePath(title) },
      episode: {
        id: current.id,
        number: current.number,
        name: current.name,
        airAt: episode[0]!.air_at.toISOString(),
        durationSeconds: episode[0]!.duration_seconds,
      },
      season: { number: current.season, name: current.season_name },
      path: ref(current).path,
      previous: index > 0 ? ref(aired[index - 1]!) : null,
      next: index < aired.length - 1 ? ref(aired[index + 1]!) : null,
      seasons: seasons.map((row) => ({ number: row.season, name: row.season_name, path: ref(row).path })),
      episodes: aired.filter((row) => row.season === current.season).map(ref),
      sources: sources.map(toWatchSource),
      groups: groups.map((group) => ({
        hash: group.hash,
        name: group.name,
        sources: groupSources.filter((source) => source.groupId === group.id).map(toWatchSource),
      })),
      ads: ads.map((ad) => ({ link: ad.link, time: ad.skipAfterSeconds, video: ad.videoUrl, image: ad.imageUrl })),
    };
  }

  /** The link of a source of an aired episode; a locked one only for a member. */
  async stream(sourceId: number, viewer: Viewer | null): Promise<OpenedSource> {
    const rows: Array<{ name: string; kind: SourceKind; link: string; locked: boolean; downloadable: boolean; episode_id: number }> =
      await this.dataSource.query(
        `SELECT s.name, s.kind, s.link, s.locked, s.downloadable, e.id AS episode_id
           FROM video_source s
           LEFT JOIN video_group g ON g.id = s.group_id
           JOIN episode e ON e.id = COALESCE(s.episode_id, g.episode_id)
          WHERE s.id = $1 AND ${airedSql('e')}`,
        [sourceId],
      );
    const source = rows[0];
    if (!source) throw notFound(WATCH_MESSAGES.sourceNotFound);
    if (source.locked && !viewer) throw new LoginRequiredException();
    return {
      name: source.name,
      episodeId: source.episode_id,
      kind: source.kind,
      link: source.link,
      downloadUrl: source.downloadable && source.kind === 'mp4' ? source.link : null,
    };
  }

  /** The sources of an aired episode's video group; 'hash yok' for an unknown or empty one. */
  async videoGroup(hash: string, viewer: Viewer | null): Promise<GroupVideo[]> {
    const group = CATALOG_RULES.groupHashPattern.test(hash)
      ? ((await this.dataSource.query(
          `SELECT g.id FROM video_group g JOIN episode e ON e.id = g.episode_id WHERE g.hash = $1 AND ${airedSql('e')}`,
          [hash],
        )) as Array<{ id: number }>)[0]
      : undefined;
    const sources = group ? await this.sources.find({ where: { groupId: group.id }, order: { position: 'ASC' } }) : [];
    if (sources.length === 0) throw notFound(MESSAGES.emptyVideoSource);
    return sources.map((source) => {
      const open = !source.locked || viewer !== null;
      return {
        id: source.id,
        name: source.name,
        link: open ? source.link : null,
        tiers: source.tiers,
        lock: source.locked,
        download: open && source.downloadable,
      };
    });
  }

  /** One page of a title's aired episodes in watching order, optionally of one season. */
  async titleEpisodes(titleId: number, season: number | undefined, page: number): Promise<EpisodePage> {
    const rows: Array<EpisodeListRow & { total: string }> = await this.dataSource.query(
      `SELECT t.slug, t.kind, t.name AS title_name, t.poster_url, s.number AS season, e.number, e.name,
              count(*) OVER () AS total
         FROM episode e JOIN season s ON s.id = e.season_id JOIN title t ON t.id = e.title_id
        WHERE e.title_id = $1 AND ${airedSql('e')} AND ($2::int IS NULL OR s.number = $2)
        ORDER BY s.number, e.number
        LIMIT $3 OFFSET $4`,
      [titleId, season ?? null, WATCH_RULES.episodePageSize, (page - 1) * WATCH_RULES.episodePageSize],
    );
    const total = rows.length ? Number(rows[0]!.total) : 0;
    return { remaining: Math.max(total - page * WATCH_RULES.episodePageSize, 0), items: this.toItems(rows) };
  }

  private toItems(rows: EpisodeListRow[]): EpisodeListItem[] {
    return rows.map((row) => ({
      path: watchPath({ kind: row.kind, slug: row.slug, season: row.season, episode: row.number }),
      titleName: row.title_name,
      season: row.season,
      number: row.number,
      name: row.name,
      posterUrl: posterUrl({ slug: row.slug, posterUrl: row.poster_url }),
    }));
  }
}
