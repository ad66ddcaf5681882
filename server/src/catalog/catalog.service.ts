import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { SeasonDetail, TitleCard, TitleDetail } from '@seyirlik/shared-contracts';
import { DataSource, Repository } from 'typeorm';
import { posterUrl } from './catalog.paths';
import { findTitleByAddress } from './title-lookup';
import { Episode } from './entities/episode.entity';
import { Season } from './entities/season.entity';
import { Title } from './entities/title.entity';
import { Trailer } from './entities/trailer.entity';

export const RECENT_TITLES_LIMIT = { default: 24, max: 48 } as const;

export function toTitleCard(title: Title): TitleCard {
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

/** Reads of the catalog for the site's pages. */
@Injectable()
export class CatalogService {
  constructor(
    @InjectRepository(Title) private readonly titles: Repository<Title>,
    @InjectRepository(Season) private readonly seasons: Repository<Season>,
    @InjectRepository(Episode) private readonly episodes: Repository<Episode>,
    @InjectRepository(Trailer) private readonly trailers: Repository<Trailer>,
    private readonly dataSource: DataSource,
  ) {}

  /** The newest titles in the catalog, newest first. */
  async recentTitles(limit: number): Promise<TitleCard[]> {
    const rows = await this.titles.find({ order: { createdAt: 'DESC', id: 'DESC' }, take: limit });
    return rows.map(toTitleCard);
  }

  async titleDetail(kind: string, slug: string): Promise<TitleDetail> {
    const title = await findTitleByAddress(this.titles, kind, slug);

    const [genres, channel, trailers, seasons, episodes] = await Promise.all([
      this.dataSource.query(
        'SELECT g.slug, g.name FROM genre g JOIN title_genre tg ON tg.genre_id = g.id WHERE tg.title_id = $1 ORDER BY g.name',
        [title.id],
      ) as Promise<Array<{ slug: string; name: string }>>,
      title.channelId === null
        ? Promise.resolve([])
        : (this.dataSource.query('SELECT slug, name FROM channel WHERE id = $1', [title.channelId]) as Promise<
            Array<{ slug: string; name: string }>
          >),
      this.trailers.find({ where: { titleId: title.id }, order: { number: 'ASC' } }),
      this.seasons.find({ where: { titleId: title.id }, order: { number: 'ASC' } }),
      this.episodes.find({ where: { titleId: title.id }, order: { number: 'ASC' } }),
    ]);

    const seasonDetails: SeasonDetail[] = seasons.map((season) => ({
      number: season.number,
      name: season.name,
      episodes: episodes
        .filter((episode) => episode.seasonId === season.id)
        .map((episode) => ({
          id: episode.id,
          number: episode.number,
          name: episode.name,
          airAt: episode.airAt.toISOString(),
          durationSeconds: episode.durationSeconds,
        })),
    }));

    return {
      ...toTitleCard(title),
      description: title.description,
      genres,
      channel: channel[0] ?? null,
      releaseAt: title.releaseAt?.toISOString() ?? null,
      backdropUrl: title.backdropUrl,
      trailers: trailers.map((trailer) => ({ number: trailer.number, url: trailer.url })),
      seasons: seasonDetails,
    };
  }
}
