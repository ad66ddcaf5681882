import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { SEARCH_RULES } from '@seyirlik/shared-contracts';
import { SearchService } from './search.service';
import { renderSearchTheme } from './theme/render-search-theme';

/** The seed's `/search` call (§7): `query` in, the result list as an HTML fragment (`theme`) out. */
@Controller()
export class SearchLegacyController {
  constructor(private readonly searchService: SearchService) {}

  @Post('search')
  @HttpCode(200)
  async search(@Body() body: unknown): Promise<{ success: true; theme: string }> {
    const query = (body as { query?: unknown } | undefined)?.query;
    const titles = await this.searchService.search(query, SEARCH_RULES.legacyLimit);
    return { success: true, theme: renderSearchTheme(titles) };
  }
}
