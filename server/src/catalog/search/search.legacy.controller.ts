import { Controller, type OnModuleInit } from '@nestjs/common';
import { SEARCH_RULES, legacySearchSchema } from '@seyirlik/shared-contracts';
import { LegacyCallRegistry } from '../../platform/http/legacy-call.registry';
import { SearchService } from './search.service';
import { renderSearchTheme } from './theme/render-search-theme';

/** The seed's `/search` call (§7): `query` in, the result list as an HTML fragment (`theme`) out. */
@Controller()
export class SearchLegacyController implements OnModuleInit {
  constructor(
    private readonly searchService: SearchService,
    private readonly legacy: LegacyCallRegistry,
  ) {}

  onModuleInit(): void {
    this.legacy.register({
      path: '/search',
      login: false,
      schema: legacySearchSchema,
      handle: async ({ query }) => ({ theme: renderSearchTheme(await this.searchService.search(query, SEARCH_RULES.legacyLimit)) }),
    });
  }
}
