import { Injectable } from '@nestjs/common';
import type { EpisodeSummary, SeasonDetail, TitleCard, TitleDetail } from '@seyirlik/shared-contracts';
import { DataSource } from 'typeorm';
import { PreparedStatement } from '../platform/database/prepared-statement';
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

type TitleDetailParts = Pick<TitleDetail, 'genres' | 'channel' | 'trailers'>;

/** A season as the title page's query lists it: [id, number, name]. */
type SeasonColumns = [id: number, number: number, name: string | null];

/**
 * A title's episodes as the title page's query lists them, column by column: season ids, ids,
 * numbers, names, air times (milliseconds since 1970), durations in seconds. Each column is null
 * when the title has no episode.
 */
type EpisodeColumns = [seasonIds: number[] | null, ids: number[], numbers: number[], names: string[], airMs: number[], durationSeconds: number[]];

type TitleDetailRow = TitleCardSource &
  Pick<Title, 'description' | 'releaseAt' | 'backdropUrl'> &
  TitleDetailParts & { seasons: SeasonColumns[]; episodes: EpisodeColumns };

/**
 * A title page in one round trip, prepared once per connection: the title with its genres,
 * channel, trailers and seasons as JSON that PostgreSQL builds, and its episodes (a long series
 * has a thousand) as one array per column, read off the title's own index: an object per episode
 * built in PostgreSQL cost it several times the rest of the page. Air times are whole milliseconds,
 * as the page shows them.
 */
const TITLE_DETAIL = new PreparedStatement<TitleDetailRow>(
  'catalog_title_detail',
  `SELECT ${titleCardColumns('t')}, t.description, t.release_at AS "releaseAt", t.backdrop_url AS "backdropUrl",
    (SELECT coalesce(json_agg(json_build_object('slug', g.slug, 'name', g.name) ORDER BY g.name), '[]')
       FROM title_genre tg JOIN genre g ON g.id = tg.genre_id WHERE tg.title_id = t.id) AS genres,
    (SELECT json_build_object('slug', c.slug, 'name', c.name) FROM channel c WHERE c.id = t.channel_id) AS channel,
    (SELECT coalesce(json_agg(json_build_object('number', tr.number, 'url', tr.url) ORDER BY tr.number), '[]')
       FROM trailer tr WHERE tr.title_id = t.id) AS trailers,
    (SELECT coalesce(json_agg(json_build_array(s.id, s.number, s.name) ORDER BY s.number), '[]')
       FROM season s WHERE s.title_id = t.id) AS seasons,
    (SELECT json_build_array(array_agg(e.season_id), array_agg(e.id), array_agg(e.number), array_agg(e.name),
                             array_agg(floor(extract(epoch FROM e.air_at) * 1000)::int8), array_agg(e.duration_seconds))
       FROM episode e WHERE e.title_id = t.id) AS episodes
  FROM title t WHERE t.kind = $1 AND t.slug = $2`,
);

/** The title page's seasons in order, each with its episodes in order. */
function seasonDetails(seasons: SeasonColumns[], [seasonIds, ids, numbers, names, airMs, durationSeconds]: EpisodeColumns): SeasonDetail[] {
  const episodesBySeason = new Map<number, EpisodeSummary[]>(seasons.map(([id]) => [id, []]));
  seasonIds?.forEach((seasonId, at) => {
    episodesBySeason.get(seasonId)!.push({
      id: ids[at]!,
      number: numbers[at]!,
      name: names[at]!,
      airAt: new Date(airMs[at]!).toISOString(),
      durationSeconds: durationSeconds[at]!,
    });
  });
  return seasons.map(([id, number, name]) => ({
    number,
    name,
    episodes: episodesBySeason.get(id)!.sort((a, b) => a.number - b.number),
  }));
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

  async titleDetail(kind: string, slug: string): Promise<TitleDetail> {
    if (!isTitleAddress(kind, slug)) throw titleNotFound();
    const [title] = await TITLE_DETAIL.run(this.dataSource, [kind, slug]);
    if (!title) throw titleNotFound();
    return {
      ...toTitleCard(title),
      description: title.description,
      genres: title.genres,
      channel: title.channel,
      releaseAt: title.releaseAt?.toISOString() ?? null,
      backdropUrl: title.backdropUrl,
      trailers: title.trailers,
      seasons: seasonDetails(title.seasons, title.episodes),
    };
  }
}
