import { Injectable } from '@nestjs/common';
import {
  HOME_RULES,
  WATCH_RULES,
  watchPath,
  type ChannelCard,
  type FeaturedTitle,
  type GenreRow,
  type HomeRows,
  type LatestEpisodesPage,
  type TitleCard,
  type TitleKind,
} from '@seyirlik/shared-contracts';
import { DataSource } from 'typeorm';
import { PreparedStatement } from '../../platform/database/prepared-statement';
import { backdropUrl, posterUrl } from '../catalog.paths';
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
  /** A Date as a row of its own, an ISO 8601 text inside HOME_ROWS' JSON. */
  air_at: Date | string;
}

interface FeaturedRow extends TitleCardSource {
  description: string;
  backdropUrl: string | null;
  genres: string[];
  season: number;
  episode: number;
}

interface GenreTitleRow extends TitleCardSource {
  genre_slug: string;
  genre_name: string;
}

const turkishOrder = new Intl.Collator('tr');

/*
 * The home page's queries run on every visit the read cache does not answer, all in one prepared
 * statement (HOME_ROWS), so PostgreSQL does not parse and plan them again every time. Their counts
 * (HOME_RULES) are written into the statements: with a parameter in a LIMIT or an interval,
 * PostgreSQL judges a generic plan too costly and plans the statement again on every call
 * (0.2 to 0.5 ms each, more than most of them take to run).
 */

/**
 * The newest aired episodes with their titles, from the newest on; `page` is the LIMIT/OFFSET
 * clause. The page of episodes is taken off the air time index first and only its rows are joined
 * (every episode has its season and title): joined before the limit, PostgreSQL sized its lookups
 * of seasons and titles for a million rows, which cost it more than the page itself.
 */
const latestEpisodesSql = (page: string) =>
  `SELECT t.slug, t.kind, t.name AS title_name, t.poster_url, t.adult, s.number AS season, e.number, e.name, e.air_at
     FROM (SELECT e.id, e.title_id, e.season_id, e.number, e.name, e.air_at
             FROM episode e
            WHERE ${airedSql('e')}
            ORDER BY e.air_at DESC, e.id DESC
            ${page}) e
     JOIN season s ON s.id = e.season_id JOIN title t ON t.id = e.title_id
    ORDER BY e.air_at DESC, e.id DESC`;

/** A page of the newest aired episodes ($1 rows from $2 on), with their titles. */
const LATEST_EPISODES = new PreparedStatement<LatestEpisodeRow>('home_latest_episodes', latestEpisodesSql('LIMIT $1 OFFSET $2'));

/** The first page of them, as the home page shows it, with one row more (whether another page follows). */
const FIRST_LATEST_EPISODES_SQL = latestEpisodesSql(`LIMIT ${WATCH_RULES.episodePageSize + 1}`);

const FIRST_LATEST_EPISODES = new PreparedStatement<LatestEpisodeRow>('home_first_latest_episodes', FIRST_LATEST_EPISODES_SQL);

const CHANNELS_WITH_TITLES_SQL = 'SELECT c.slug, c.name FROM channel c WHERE EXISTS (SELECT 1 FROM title t WHERE t.channel_id = c.id)';

const CHANNELS_WITH_TITLES = new PreparedStatement<ChannelCard>('home_channels', CHANNELS_WITH_TITLES_SQL);

/**
 * The newest films by release year, the newest imported first within a year, off the (kind, year)
 * index. The seed's "first movies" carousel does not say what it lists; the newest films
 * ("En yeni filmler") are what a visitor looks for first among films.
 */
const NEWEST_FILMS_SQL = `SELECT ${titleCardColumns('t')} FROM title t WHERE t.kind = 'film' ORDER BY t.year DESC, t.id DESC LIMIT ${HOME_RULES.newestFilmsCount}`;

/**
 * The newest HOME_RULES.featuredEpisodeWindow aired episodes, as the featured slider looks at them:
 * every column it reads is in the air time index (see the EpisodeAirCovering migration), so no
 * episode row is fetched.
 */
export const FEATURED_EPISODE_WINDOW_SQL = `SELECT e.id, e.title_id, e.season_id, e.number, e.air_at
      FROM episode e
     WHERE ${airedSql('e')}
     ORDER BY e.air_at DESC, e.id DESC
     LIMIT ${HOME_RULES.featuredEpisodeWindow}`;

/**
 * The titles of the newest aired episodes, each once with its newest episode, adult titles left
 * out. Only the newest HOME_RULES.featuredEpisodeWindow episodes are looked at (read off the air
 * time index), so the slider costs the same at a million episodes; they are put in order before
 * the titles are joined, so only the titles of the rows answered (and adult ones skipped) are
 * read. The season number and the genres are read for the rows answered only (a join with season
 * hashed every season).
 */
const FEATURED_SQL = `
  WITH recent AS (${FEATURED_EPISODE_WINDOW_SQL}), newest AS (
    SELECT DISTINCT ON (r.title_id) r.id, r.title_id, r.season_id, r.number, r.air_at
      FROM recent r
     ORDER BY r.title_id, r.air_at DESC, r.id DESC
  )
  SELECT ${titleCardColumns('t')}, t.description, t.backdrop_url AS "backdropUrl",
         (SELECT s.number FROM season s WHERE s.id = n.season_id) AS season, n.number AS episode,
         ARRAY(SELECT g.name FROM title_genre tg JOIN genre g ON g.id = tg.genre_id WHERE tg.title_id = t.id) AS genres
    FROM (SELECT * FROM newest ORDER BY air_at DESC, id DESC) n JOIN title t ON t.id = n.title_id
   WHERE NOT t.adult
   ORDER BY n.air_at DESC, n.id DESC
   LIMIT ${HOME_RULES.featuredCount}`;

/**
 * "Popüler": each member counts once per title they marked an episode of watched or have a
 * continue-watching position in, within the last HOME_RULES.popularWindowDays days; the titles
 * with the most such members first. While fewer than HOME_RULES.popularCount titles were
 * watched, the best rated titles fill the row.
 */
const POPULAR_SQL = `
  WITH viewers AS (
    SELECT w.user_id, e.title_id
      FROM watched_episode w JOIN episode e ON e.id = w.episode_id
     WHERE w.watched_at > now() - make_interval(days => ${HOME_RULES.popularWindowDays})
    UNION
    SELECT c.user_id, e.title_id
      FROM continue_watching c JOIN episode e ON e.id = c.episode_id
     WHERE c.updated_at > now() - make_interval(days => ${HOME_RULES.popularWindowDays})
  ), watched AS (
    SELECT v.title_id, count(*)::int AS viewers FROM viewers v GROUP BY v.title_id
  ), picked AS (
    SELECT w.title_id, w.viewers FROM watched w
    UNION ALL
    SELECT best.id, 0
      FROM (SELECT t.id FROM title t ORDER BY t.imdb DESC, t.id DESC LIMIT ${HOME_RULES.popularCount}) best
     WHERE best.id NOT IN (SELECT title_id FROM watched)
  )
  SELECT ${titleCardColumns('t')}
    FROM picked p JOIN title t ON t.id = p.title_id
   ORDER BY p.viewers DESC, t.imdb DESC, t.id DESC
   LIMIT ${HOME_RULES.popularCount}`;

/**
 * The HOME_RULES.genreRowsCount genres with the most titles (genre.title_count, kept by triggers
 * on title_genre), each with its HOME_RULES.genreRowTitles best rated titles, in the rows' order,
 * read off the (genre, rating) index of title_genre (title_imdb, kept by triggers).
 */
const GENRE_ROWS_SQL = `
  SELECT top.slug AS genre_slug, top.name AS genre_name, ${titleCardColumns('t')}
    FROM (SELECT g.id, g.slug, g.name, g.title_count FROM genre g WHERE g.title_count > 0 ORDER BY g.title_count DESC, g.id LIMIT ${HOME_RULES.genreRowsCount}) top
    CROSS JOIN LATERAL (
      SELECT tg.title_id, tg.title_imdb FROM title_genre tg
       WHERE tg.genre_id = top.id
       ORDER BY tg.title_imdb DESC, tg.title_id DESC
       LIMIT ${HOME_RULES.genreRowTitles}
    ) best
    JOIN title t ON t.id = best.title_id
   ORDER BY top.title_count DESC, top.id, best.title_imdb DESC, best.title_id DESC`;

/** A query's rows as one JSON array, in the query's order (an aggregate reads a sorted subquery in its order). */
const asJsonArray = (sql: string) => `(SELECT coalesce(json_agg(part), '[]'::json) FROM (${sql}) part)`;

/** The rows made of the catalog alone (see HomeCatalogVersion), as the home page shows them. */
interface CatalogRows {
  genreRows: GenreRow[];
  channels: ChannelCard[];
  newestFilms: TitleCard[];
}

interface HomeRowsRow {
  /** home_catalog.version, as a text (bigint). */
  catalog_version: string;
  featured: FeaturedRow[];
  latest_episodes: LatestEpisodeRow[];
  popular: TitleCardSource[];
  /** The catalog's rows: null when $1 is still their version. */
  genre_rows: GenreTitleRow[] | null;
  channels: ChannelCard[] | null;
  newest_films: TitleCardSource[] | null;
}

/** The version no catalog has (home_catalog.version starts at 1): the catalog's rows are read. */
const NO_VERSION = '0';

/**
 * Every row of the home page in one statement, each query's rows as a JSON array: run as six
 * statements, each cost the app a trip through the pool (its messages written to the socket, its
 * rows parsed) and PostgreSQL a backend woken for it. At 20,000 titles and a million episodes,
 * 100 visitors at once on a server without its read cache: 0.8 to 1.2 ms of the app's CPU per
 * visit instead of 1.5 to 2.0, and 1.0 to 1.4 ms of PostgreSQL's instead of 1.3 to 1.5.
 *
 * The rows made of the catalog alone are read only when the catalog's version (read in the same
 * snapshot) is not $1, the one the process holds them for: otherwise their subqueries, left in a
 * CASE branch not taken, never run. They were about half of the statement's PostgreSQL time
 * (genre rows 0.49 ms, newest films 0.18, channels 0.12, of some 1.45 ms measured serially).
 */
const HOME_ROWS = new PreparedStatement<HomeRowsRow>(
  'home_rows',
  `SELECT h.version::text AS catalog_version,
          ${asJsonArray(FEATURED_SQL)} AS featured,
          ${asJsonArray(FIRST_LATEST_EPISODES_SQL)} AS latest_episodes,
          ${asJsonArray(POPULAR_SQL)} AS popular,
          CASE WHEN h.version = $1::bigint THEN NULL ELSE ${asJsonArray(GENRE_ROWS_SQL)} END AS genre_rows,
          CASE WHEN h.version = $1::bigint THEN NULL ELSE ${asJsonArray(CHANNELS_WITH_TITLES_SQL)} END AS channels,
          CASE WHEN h.version = $1::bigint THEN NULL ELSE ${asJsonArray(NEWEST_FILMS_SQL)} END AS newest_films
     FROM home_catalog h`,
);

function featuredTitle(row: FeaturedRow): FeaturedTitle {
  return {
    ...toTitleCard(row),
    backdropUrl: backdropUrl(row),
    description: row.description,
    genres: [...row.genres].sort(turkishOrder.compare),
    watchPath: watchPath({ kind: row.kind, slug: row.slug, season: row.season, episode: row.episode }),
    latestEpisode: row.kind === 'film' ? null : { season: row.season, number: row.episode },
  };
}

/** The genre rows' titles, grouped by genre in the rows' order. */
function genreRowsOf(rows: GenreTitleRow[]): GenreRow[] {
  const genres = new Map<string, GenreRow>();
  for (const row of rows) {
    const genre = genres.get(row.genre_slug) ?? { slug: row.genre_slug, name: row.genre_name, titles: [] };
    genre.titles.push(toTitleCard(row));
    genres.set(row.genre_slug, genre);
  }
  return [...genres.values()];
}

/** Page `page` of the newest aired episodes from its rows: one row past the page tells whether another follows. */
function latestEpisodesPage(page: number, rows: LatestEpisodeRow[]): LatestEpisodesPage {
  const pageSize = WATCH_RULES.episodePageSize;
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
      airAt: new Date(row.air_at).toISOString(),
    })),
  };
}

/** In Turkish alphabetical order. */
const sortedChannels = (rows: ChannelCard[]) => rows.sort((a, b) => turkishOrder.compare(a.name, b.name) || a.slug.localeCompare(b.slug));

/** The home page's rows: the featured slider, the latest aired episodes, "Popüler", the genre rows, the channels and the newest films. */
@Injectable()
export class HomeService {
  /** The catalog's rows as last read, and the catalog version they were read at. */
  private catalogRows: { version: string; rows: CatalogRows } | null = null;

  constructor(private readonly dataSource: DataSource) {}

  /**
   * The featured slider (the titles with the newest aired episodes, each with its backdrop and its
   * newest episode's watch page), the first page of the newest aired episodes, "Popüler" (what
   * members actually watched lately, see POPULAR_SQL), the genres with the most titles each with
   * its best rated titles, the channels that have a title and the newest films (the last three
   * kept from the last read while the catalog has not changed).
   */
  async homeRows(): Promise<HomeRows> {
    const held = this.catalogRows;
    const [row] = await HOME_ROWS.run(this.dataSource, [held?.version ?? NO_VERSION]);
    const { featured, latest_episodes: latestEpisodes, popular } = row!;
    return {
      featured: featured.map(featuredTitle),
      latestEpisodes: latestEpisodesPage(1, latestEpisodes),
      popular: popular.map(toTitleCard),
      ...this.catalogRowsOf(row!, held),
    };
  }

  /** The catalog's rows the statement read, kept for their version, or `held` (asked for) when it read none. */
  private catalogRowsOf(row: HomeRowsRow, held: { version: string; rows: CatalogRows } | null): CatalogRows {
    if (row.genre_rows === null || row.channels === null || row.newest_films === null) {
      // None read: the catalog's version is still the one `held` was read at.
      if (held === null || held.version !== row.catalog_version) throw new Error(`home rows: none read for catalog version ${row.catalog_version}`);
      return held.rows;
    }
    const rows = { genreRows: genreRowsOf(row.genre_rows), channels: sortedChannels(row.channels), newestFilms: row.newest_films.map(toTitleCard) };
    // A read that took longer than a later one may have seen an older catalog: the newest is kept.
    const kept = this.catalogRows;
    if (kept === null || BigInt(row.catalog_version) >= BigInt(kept.version)) this.catalogRows = { version: row.catalog_version, rows };
    return rows;
  }

  /** One page of the newest aired episodes of the whole catalog; no request counts the whole episode table. */
  async latestEpisodes(page: number): Promise<LatestEpisodesPage> {
    const pageSize = WATCH_RULES.episodePageSize;
    const rows =
      page === 1
        ? await FIRST_LATEST_EPISODES.run(this.dataSource, [])
        : await LATEST_EPISODES.run(this.dataSource, [pageSize + 1, (page - 1) * pageSize]);
    return latestEpisodesPage(page, rows);
  }

  /** Channels that have a title (an empty one would lead to an empty discover page), in Turkish alphabetical order. */
  async channels(): Promise<ChannelCard[]> {
    return sortedChannels(await CHANNELS_WITH_TITLES.run(this.dataSource, []));
  }
}
