import { Controller, type OnModuleInit } from '@nestjs/common';
import { widgetEpisodeLoadSchema } from '@seyirlik/shared-contracts';
import { LegacyCallRegistry } from '../../platform/http/legacy-call.registry';
import { renderEpisodeListTheme } from '../watch/watch-themes';
import { HomeService } from './home.service';

/**
 * The seed's `/widget/episode/load` (§7): `widget` names the list (only `latest-episodes`, the
 * home page's newest episodes), `page` counts from 1. The reply is `{ success, theme, last }`:
 * `theme` is that page as the same HTML fragment `/episode/load` answers, `last` is true when no
 * page follows (the client then removes its load-more control and says 'Listelenecek içerik
 * kalmadı !'). A page past the end is an empty `theme` with `last` set.
 */
@Controller()
export class HomeLegacyController implements OnModuleInit {
  constructor(
    private readonly home: HomeService,
    private readonly legacy: LegacyCallRegistry,
  ) {}

  onModuleInit(): void {
    this.legacy.register({
      path: '/widget/episode/load',
      login: false,
      schema: widgetEpisodeLoadSchema,
      handle: async ({ page }) => {
        const { episodes, hasMore } = await this.home.latestEpisodes(page);
        return { theme: renderEpisodeListTheme(episodes), last: !hasMore };
      },
    });
  }
}
