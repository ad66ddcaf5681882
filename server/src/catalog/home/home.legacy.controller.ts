import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { widgetEpisodeLoadSchema } from '@seyirlik/shared-contracts';
import { parseInput } from '../../platform/http/app-exception';
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
export class HomeLegacyController {
  constructor(private readonly home: HomeService) {}

  @Post('widget/episode/load')
  @HttpCode(200)
  async widgetEpisodes(@Body() body: unknown): Promise<{ success: true; theme: string; last: boolean }> {
    const { page } = parseInput(widgetEpisodeLoadSchema, body);
    const { episodes, hasMore } = await this.home.latestEpisodes(page);
    return { success: true, theme: renderEpisodeListTheme(episodes), last: !hasMore };
  }
}
