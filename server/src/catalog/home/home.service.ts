import { Injectable } from '@nestjs/common';
import {
  HOME_RULES,
  WATCH_RULES,
  watchPath,
  type ChannelCard,
  type HomeRows,
  type LatestEpisodesPage,
  type TitleCard,
  type TitleKind,
} from '@seyirlik/shared-contracts';
import { DataSource } from 'typeorm';
import { PreparedStatement } from '../../platform/database/prepared-statement';
import { posterUrl } from '../catalog.paths';
import { type TitleCardSource, titleCardColumns, toTitleCard } from '../catalog.service';
import { airedSql } from '../aired';

interface LatestEpisodeRow {
  slug: string;
  kind: TitleKind;
  title_name: string;
  poster_url: string | null;
  adult: boolean;
  season: number;
  number: number;
  name: string;
  air_at: Date;
}

const turkishOrder = new Intl.Collator('tr');

/*
 * The home page's queries run on every visit the read cache does not answer: each is prepared
 * once per connection, so PostgreSQL does not parse and plan it again every time.
 */

/** A page of the newest aired episodes ($1 rows from $2 on), with their titles. */
const LATEST_EPISODES = new PreparedStatement<LatestEpisodeRow>(
  'home_latest_episodes',
  `SELECT t.slug, t.kind, t.name AS title_name, t.poster_url, t.adult, s.number AS season, e.number, e.name, e.air_at
     FROM episode e JOIN season s ON s.id = e.season_id JOIN title t ON t.id = e.title_id
    WHERE ${airedSql('e')}
    ORDER BY e.air_at DESC, e.id DESC
    LIMIT $1 OFFSET $2`,
);

const CHANNELS_WITH_TITLES = new PreparedStatement<ChannelCard>(
  'home_channels',
  'SELECT c.slug, c.name FROM channel c WHERE EXISTS (SELECT 1 FROM title t WHERE t.channel_id = c.id)',
);

/**
 * The newest films by release year, the newest imported first within a year, off the (kind, year)
 * index. The count is written into the statement: with a parameter there, PostgreSQL would plan
 * it again on every call rather than keep one plan.
 */
const NEWEST_FILMS = new PreparedStatement<TitleCardSource>(
  'home_newest_films',
  `SELECT ${titleCardColumns('t')} FROM title t WHERE t.kind = 'film' ORDER BY t.year DESC, t.id DESC LIMIT ${HOME_RULES.newestFilmsCount}`,
);

/** The home page's rows: the latest aired episodes, the channels and the newest films. */
@Injectable()
export class HomeService {
  constructor(private readonly dataSource: DataSource) {}

  async homeRows(): Promise<HomeRows> {
    const [latestEpisodes, channels, newestFilms] = await Promise.all([this.latestEpisodes(1), this.channels(), this.newestFilms()]);
    return { latestEpisodes, channels, newestFilms };
  }

  /**
   * One page of the newest aired episodes of the whole catalog. One row past the page tells
   * whether another follows, so no request counts the whole episode table.
   */
  async latestEpisodes(page: number): Promise<LatestEpisodesPage> {
    const pageSize = WATCH_RULES.episodePageSize;
    const rows = await LATEST_EPISODES.run(this.dataSource, [pageSize + 1, (page - 1) * pageSize]);
    return {
      page,
      hasMore: rows.length > pageSize,
      episodes: rows.slice(0, pageSize).map((row) => ({
        path: watchPath({ kind: row.kind, slug: row.slug, season: row.season, episode: row.number }),
        titleName: row.title_name,
        titleKind: row.kind,
        posterUrl: posterUrl({ slug: row.slug, posterUrl: row.poster_url }),
        adult: row.adult,
        season: row.season,
        number: row.number,
        name: row.name,
        airAt: row.air_at.toISOString(),
      })),
    };
  }

  /** Channels that have a title (an empty one would lead to an empty discover page), in Turkish alphabetical order. */
  async channels(): Promise<ChannelCard[]> {
    const rows = await CHANNELS_WITH_TITLES.run(this.dataSource, []);
    return rows.sort((a, b) => turkishOrder.compare(a.name, b.name) || a.slug.localeCompare(b.slug));
  }

  /**
   * The seed's "first movies" carousel does not say what it lists; we show the newest films by
   * release year ("En yeni filmler"), the newest imported first within a year, which is what a
   * visitor looks for first among films and reads straight off the (kind, year) index.
   */
  async newestFilms(): Promise<TitleCard[]> {
    const films = await NEWEST_FILMS.run(this.dataSource, []);
    return films.map(toTitleCard);
  }
}
