import { Injectable } from '@nestjs/common';
import type { TitleCard } from '@seyirlik/shared-contracts';
import { DataSource } from 'typeorm';
import { PreparedStatement } from '../platform/database/prepared-statement';
import { posterUrl } from './catalog.paths';
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

/** The newest titles, newest first: the home page's grid asks on every visit. */
const RECENT_TITLES = new PreparedStatement<TitleCardSource>(
  'catalog_recent_titles',
  `SELECT ${titleCardColumns('t')} FROM title t ORDER BY t.created_at DESC, t.id DESC LIMIT $1`,
);

/** Reads of the catalog for the site's pages. */
@Injectable()
export class CatalogService {
  constructor(private readonly dataSource: DataSource) {}

  /** The newest titles in the catalog, newest first. */
  async recentTitles(limit: number): Promise<TitleCard[]> {
    const rows = await RECENT_TITLES.run(this.dataSource, [limit]);
    return rows.map(toTitleCard);
  }
}
