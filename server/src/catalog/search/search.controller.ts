import { Controller, Get, type OnModuleInit, Query } from '@nestjs/common';
import { SEARCH_RULES, type DiscoverPage, type GenreOption, type SearchResult } from '@seyirlik/shared-contracts';
import { FrontReads } from '../../platform/http/read-cache/front-reads';
import { PublicRead } from '../../platform/http/read-cache/public-read';
import { DiscoverService, parsePage } from './discover.service';
import { SEARCH_COMPRESSION } from './search-compression';
import { SearchService } from './search.service';

/** The route of `search` below, as the router registers it. */
const LIVE_SEARCH_ROUTE = '/api/search';

/** The JSON API of search and the discover page, for our client. */
@Controller('api')
export class SearchController implements OnModuleInit {
  constructor(
    private readonly searchService: SearchService,
    private readonly discoverService: DiscoverService,
    private readonly frontReads: FrontReads,
  ) {}

  /** The live search asks a new prefix at almost every keystroke: answered from the title index at the front when it can be. */
  onModuleInit(): void {
    this.frontReads.register(LIVE_SEARCH_ROUTE, ({ query }) => this.searchService.searchResultFromMemory(query.q, SEARCH_RULES.liveLimit));
  }

  /**
   * The header's live search: 400 in Turkish for a query under 3 or over 100 characters. Most are
   * answered before they get here (onModuleInit); this answers the rest the same.
   */
  @Get('search')
  @PublicRead({ compression: SEARCH_COMPRESSION })
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
