import { HttpStatus, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import {
  DISCOVER_MESSAGES,
  DISCOVER_RULES,
  EMPTY_DISCOVER_FILTER,
  decodeDiscoverFilter,
  encodeDiscoverFilter,
  type DiscoverFilter,
  type DiscoverPage,
  type GenreOption,
} from '@seyirlik/shared-contracts';
import { Repository } from 'typeorm';
import { AppException } from '../../platform/http/app-exception';
import { toTitleCard } from '../catalog.service';
import { Genre } from '../entities/genre.entity';
import { Title } from '../entities/title.entity';

/** A page number from a query string: 1 when absent, otherwise an integer from 1 to maxPage. */
export function parsePage(page: unknown): number {
  if (page === undefined || page === '') return 1;
  const number = typeof page === 'string' && /^[0-9]{1,7}$/.test(page) ? Number(page) : NaN;
  if (!(number >= 1 && number <= DISCOVER_RULES.maxPage)) {
    throw new AppException(HttpStatus.BAD_REQUEST, DISCOVER_MESSAGES.pageInvalid);
  }
  return number;
}

/** The discover page: the catalog filtered by years, rating, kind, genre and channel, newest first. */
@Injectable()
export class DiscoverService {
  constructor(
    @InjectRepository(Title) private readonly titles: Repository<Title>,
    @InjectRepository(Genre) private readonly genres: Repository<Genre>,
  ) {}

  /**
   * One page of titles for an encoded filter. A broken filter is not an error: the list is shown
   * unfiltered, with the reason in `message`, so a mangled link still leads somewhere.
   */
  async discover(encodedFilter: unknown, page: number): Promise<DiscoverPage> {
    const decoded = decodeDiscoverFilter(typeof encodedFilter === 'string' && encodedFilter !== '' ? encodedFilter : EMPTY_DISCOVER_FILTER);
    const filter = decoded.filter ?? {};
    const rows = await this.filtered(filter)
      .orderBy('title.year', 'DESC')
      .addOrderBy('title.id', 'DESC')
      .offset((page - 1) * DISCOVER_RULES.pageSize)
      .limit(DISCOVER_RULES.pageSize + 1)
      .getMany();
    return {
      titles: rows.slice(0, DISCOVER_RULES.pageSize).map(toTitleCard),
      page,
      hasMore: rows.length > DISCOVER_RULES.pageSize,
      filter: encodeDiscoverFilter(filter),
      ...(decoded.error !== undefined && { message: `${decoded.error} ${DISCOVER_MESSAGES.showingUnfiltered}` }),
    };
  }

  /** Every genre, in Turkish alphabetical order, for the filter's select. */
  async genreOptions(): Promise<GenreOption[]> {
    const genres = await this.genres.find({ select: { slug: true, name: true } });
    return genres
      .map(({ slug, name }) => ({ slug, name }))
      .sort((a, b) => a.name.localeCompare(b.name, 'tr') || a.slug.localeCompare(b.slug));
  }

  private filtered(filter: DiscoverFilter) {
    const query = this.titles.createQueryBuilder('title');
    if (filter.year?.from !== undefined) query.andWhere('title.year >= :yearFrom', { yearFrom: filter.year.from });
    if (filter.year?.to !== undefined) query.andWhere('title.year <= :yearTo', { yearTo: filter.year.to });
    if (filter.imdb?.from !== undefined) query.andWhere('title.imdb >= :imdbFrom', { imdbFrom: filter.imdb.from });
    if (filter.imdb?.to !== undefined) query.andWhere('title.imdb <= :imdbTo', { imdbTo: filter.imdb.to });
    if (filter.kind !== undefined) query.andWhere('title.kind = :kind', { kind: filter.kind });
    if (filter.genre !== undefined) {
      query.andWhere(
        'EXISTS (SELECT 1 FROM title_genre tg JOIN genre g ON g.id = tg.genre_id WHERE tg.title_id = title.id AND g.slug = :genre)',
        { genre: filter.genre },
      );
    }
    if (filter.channel !== undefined) {
      query.andWhere('title.channel_id IN (SELECT c.id FROM channel c WHERE c.slug = :channel)', { channel: filter.channel });
    }
    return query;
  }
}
