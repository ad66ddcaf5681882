import { Injectable } from '@nestjs/common';
import type { TitleCard, TitleDetail } from '@seyirlik/shared-contracts';
import { DataSource } from 'typeorm';
import { posterUrl } from './catalog.paths';
import { isTitleAddress, titleNotFound } from './title-lookup';
import type { Title } from './entities/title.entity';

export const RECENT_TITLES_LIMIT = { default: 24, max: 48 } as const;

/** What a title card is made of: a Title, or a raw row selected with `titleCardColumns`. */
export type TitleCardSource = Pick<Title, 'slug' | 'kind' | 'name' | 'originalName' | 'year' | 'imdb' | 'posterUrl' | 'adult'>;

/**
 * A title card's columns of the title aliased `alias`, named as the entity's properties (imdb a
 * number, as the entity's transformer makes it). The catalog's hot reads select these instead of
 * hydrating entities, which cost the server more CPU than the query itself.
 */
export function titleCardColumns(alias: string): string {
  return [
    `${alias}.slug`,
    `${alias}.kind`,
    `${alias}.name`,
    `${alias}.original_name AS "originalName"`,
    `${alias}.year`,
    `${alias}.imdb::float8 AS imdb`,
    `${alias}.poster_url AS "posterUrl"`,
    `${alias}.adult`,
  ].join(', ');
}

export function toTitleCard(title: TitleCardSource): TitleCard {
  return {
    slug: title.slug,
    kind: title.kind,
    name: title.name,
    originalName: title.originalName,
    year: title.year,
    imdb: title.imdb,
    posterUrl: posterUrl(title),
    adult: title.adult,
  };
}

type TitleDetailParts = Pick<TitleDetail, 'genres' | 'channel' | 'trailers' | 'seasons'>;

type TitleDetailRow = TitleCardSource & Pick<Title, 'description' | 'releaseAt' | 'backdropUrl'> & TitleDetailParts;

/**
 * A title page in one round trip: the title with its genres, channel, trailers and seasons with
 * their episodes as JSON that PostgreSQL builds, where a long series has a thousand episodes.
 * Episode times are formatted as toISOString() would.
 */
const TITLE_DETAIL = `
  SELECT ${titleCardColumns('t')}, t.description, t.release_at AS "releaseAt", t.backdrop_url AS "backdropUrl",
    (SELECT coalesce(json_agg(json_build_object('slug', g.slug, 'name', g.name) ORDER BY g.name), '[]')
       FROM title_genre tg JOIN genre g ON g.id = tg.genre_id WHERE tg.title_id = t.id) AS genres,
    (SELECT json_build_object('slug', c.slug, 'name', c.name) FROM channel c WHERE c.id = t.channel_id) AS channel,
    (SELECT coalesce(json_agg(json_build_object('number', tr.number, 'url', tr.url) ORDER BY tr.number), '[]')
       FROM trailer tr WHERE tr.title_id = t.id) AS trailers,
    (SELECT coalesce(json_agg(json_build_object('number', s.number, 'name', s.name, 'episodes', (
              SELECT coalesce(json_agg(json_build_object(
                       'id', e.id, 'number', e.number, 'name', e.name,
                       'airAt', to_char(e.air_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
                       'durationSeconds', e.duration_seconds) ORDER BY e.number), '[]')
                FROM episode e WHERE e.season_id = s.id)) ORDER BY s.number), '[]')
       FROM season s WHERE s.title_id = t.id) AS seasons
  FROM title t WHERE t.kind = $1 AND t.slug = $2`;

/** Reads of the catalog for the site's pages. */
@Injectable()
export class CatalogService {
  constructor(private readonly dataSource: DataSource) {}

  /** The newest titles in the catalog, newest first. */
  async recentTitles(limit: number): Promise<TitleCard[]> {
    const rows: TitleCardSource[] = await this.dataSource.query(
      `SELECT ${titleCardColumns('t')} FROM title t ORDER BY t.created_at DESC, t.id DESC LIMIT $1`,
      [limit],
    );
    return rows.map(toTitleCard);
  }

  async titleDetail(kind: string, slug: string): Promise<TitleDetail> {
    if (!isTitleAddress(kind, slug)) throw titleNotFound();
    const [title]: TitleDetailRow[] = await this.dataSource.query(TITLE_DETAIL, [kind, slug]);
    if (!title) throw titleNotFound();
    return {
      ...toTitleCard(title),
      description: title.description,
      genres: title.genres,
      channel: title.channel,
      releaseAt: title.releaseAt?.toISOString() ?? null,
      backdropUrl: title.backdropUrl,
      trailers: title.trailers,
      seasons: title.seasons,
    };
  }
}
