import { Controller, Get, Query } from '@nestjs/common';
import { SEARCH_RULES, type DiscoverPage, type GenreOption, type SearchResult } from '@seyirlik/shared-contracts';
import { PublicRead } from '../../platform/http/read-cache/public-read';
import { DiscoverService, parsePage } from './discover.service';
import { SearchService } from './search.service';

/** The JSON API of search and the discover page, for our client. */
@Controller('api')
export class SearchController {
  constructor(
    private readonly searchService: SearchService,
    private readonly discoverService: DiscoverService,
  ) {}

  /** The header's live search: 400 in Turkish for a query under 3 or over 100 characters. */
  @Get('search')
  @PublicRead()
  async search(@Query('q') query: unknown): Promise<SearchResult> {
    return { titles: await this.searchService.search(query, SEARCH_RULES.liveLimit) };
  }

  @Get('discover')
  @PublicRead()
  discover(@Query('filter') filter: unknown, @Query('page') page: unknown): Promise<DiscoverPage> {
    return this.discoverService.discover(filter, parsePage(page));
  }

  @Get('genres')
  @PublicRead()
  genres(): Promise<GenreOption[]> {
    return this.discoverService.genreOptions();
  }
}
