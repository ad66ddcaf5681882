import { Controller, HttpStatus, type OnModuleInit } from '@nestjs/common';
import {
  MESSAGES,
  WATCH_MESSAGES,
  legacyEpisodeLoadSchema,
  legacyGetStreamSchema,
  legacyVideoGroupSchema,
  loadEpisodeSchema,
} from '@seyirlik/shared-contracts';
import { AppException } from '../../platform/http/app-exception';
import { LegacyCallRegistry } from '../../platform/http/legacy-call.registry';
import { HomeService } from '../home/home.service';
import { renderEpisodeListTheme, renderPlayerTheme } from './watch-themes';
import { type EpisodePage, WatchService } from './watch.service';

/** An empty page tells the legacy client there is nothing more, with the seed's info text. */
function pageReply({ items, remaining }: EpisodePage) {
  return items.length === 0
    ? { success: false, last: 0, theme: '', message: MESSAGES.noMoreContent }
    : { last: remaining, theme: renderEpisodeListTheme(items) };
}

/** The seed's player calls (§7): get_stream, videoGet, loadEpisode, /get/video/group, /episode/load. */
@Controller()
export class WatchLegacyController implements OnModuleInit {
  constructor(
    private readonly watch: WatchService,
    private readonly home: HomeService,
    private readonly legacy: LegacyCallRegistry,
  ) {}

  onModuleInit(): void {
    this.legacy.register({
      type: 'get_stream',
      login: false,
      schema: legacyGetStreamSchema,
      handle: async ({ vid, eg_id }, { viewer }) => {
        const source = await this.watch.stream(vid, viewer);
        if (eg_id !== undefined && eg_id !== source.episodeId) throw new AppException(HttpStatus.NOT_FOUND, WATCH_MESSAGES.sourceNotFound);
        return { uri: source.link, theme: renderPlayerTheme(source) };
      },
    });
    this.legacy.register({
      type: 'videoGet',
      login: false,
      schema: legacyVideoGroupSchema,
      handle: async ({ hash }, { viewer }) => {
        try {
          await this.watch.videoGroup(hash, viewer);
          return { hash, empty: false, error: false };
        } catch (error) {
          if (!(error instanceof AppException) || error.getStatus() !== HttpStatus.NOT_FOUND) throw error;
          return { success: false, hash, empty: true, error: true, message: MESSAGES.emptyVideoSource };
        }
      },
    });
    this.legacy.register({
      type: 'loadEpisode',
      login: false,
      schema: loadEpisodeSchema,
      handle: async ({ _t_id, stable, page }) => pageReply(await this.watch.titleEpisodes(_t_id, stable, page)),
    });
    // A visitor gets a locked source without its link (`lock` set), so the client can ask for a login.
    this.legacy.register({
      path: '/get/video/group',
      login: false,
      schema: legacyVideoGroupSchema,
      handle: async ({ hash }, { viewer }) => ({ videos: await this.watch.videoGroup(hash, viewer) }),
    });
    // The newest aired episodes, page by page (the home page's list); `last` is 1 while another page follows.
    this.legacy.register({
      path: '/episode/load',
      login: false,
      schema: legacyEpisodeLoadSchema,
      handle: async ({ page }) => {
        const { episodes, hasMore } = await this.home.latestEpisodes(page);
        return pageReply({ items: episodes, remaining: hasMore ? 1 : 0 });
      },
    });
  }
}
