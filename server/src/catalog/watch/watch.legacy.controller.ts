import { Body, Controller, HttpCode, HttpStatus, type OnModuleInit, Post, Req } from '@nestjs/common';
import {
  MESSAGES,
  WATCH_MESSAGES,
  legacyEpisodeRefSchema,
  legacyPageSchema,
  loadEpisodeSchema,
  sourceIdSchema,
} from '@seyirlik/shared-contracts';
import type { Request } from 'express';
import { AjaxServiceRegistry } from '../../platform/http/ajax-service.registry';
import { AppException, parseInput } from '../../platform/http/app-exception';
import { HomeService } from '../home/home.service';
import { renderEpisodeListTheme, renderPlayerTheme } from './watch-themes';
import { type EpisodePage, type GroupVideo, WatchService } from './watch.service';

const fieldsOf = (body: unknown): Record<string, unknown> => (typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {});

/** An empty page tells the legacy client there is nothing more, with the seed's info text. */
function pageReply({ items, remaining }: EpisodePage) {
  return items.length === 0
    ? { success: false, last: 0, theme: '', message: MESSAGES.noMoreContent }
    : { success: true, last: remaining, theme: renderEpisodeListTheme(items) };
}

/** The seed's player calls (§7): get_stream, videoGet, loadEpisode, /get/video/group, /episode/load. */
@Controller()
export class WatchLegacyController implements OnModuleInit {
  constructor(
    private readonly watch: WatchService,
    private readonly home: HomeService,
    private readonly ajaxService: AjaxServiceRegistry,
  ) {}

  onModuleInit(): void {
    // vid: the source; eg_id: its episode, when the page says which; room: the watch-together room (not needed here).
    this.ajaxService.register('get_stream', async (body, request) => {
      const source = await this.watch.stream(parseInput(sourceIdSchema, body.vid), request.viewer ?? null);
      const episodeId = parseInput(legacyEpisodeRefSchema, body.eg_id);
      if (episodeId !== undefined && episodeId !== source.episodeId) {
        throw new AppException(HttpStatus.NOT_FOUND, WATCH_MESSAGES.sourceNotFound);
      }
      return { uri: source.link, theme: renderPlayerTheme(source) };
    });
    this.ajaxService.register('videoGet', async (body, request) => {
      const hash = typeof body.hash === 'string' ? body.hash : '';
      try {
        await this.watch.videoGroup(hash, request.viewer ?? null);
        return { hash, empty: false, error: false };
      } catch (error) {
        if (!(error instanceof AppException) || error.getStatus() !== HttpStatus.NOT_FOUND) throw error;
        return { success: false, hash, empty: true, error: true, message: MESSAGES.emptyVideoSource };
      }
    });
    this.ajaxService.register('loadEpisode', async (body) => {
      const { _t_id, stable, page } = parseInput(loadEpisodeSchema, body);
      return pageReply(await this.watch.titleEpisodes(_t_id, stable, page));
    });
  }

  /** A visitor gets a locked source without its link (`lock` set), so the client can ask for a login. */
  @Post('get/video/group')
  @HttpCode(200)
  async videoGroup(@Body() body: unknown, @Req() request: Request): Promise<{ success: true; videos: GroupVideo[] }> {
    const hash = fieldsOf(body).hash;
    return { success: true, videos: await this.watch.videoGroup(typeof hash === 'string' ? hash : '', request.viewer ?? null) };
  }

  /** The newest aired episodes, page by page (the home page's list); `last` is 1 while another page follows. */
  @Post('episode/load')
  @HttpCode(200)
  async latestEpisodes(@Body() body: unknown) {
    const { episodes, hasMore } = await this.home.latestEpisodes(parseInput(legacyPageSchema, fieldsOf(body).page));
    return pageReply({ items: episodes, remaining: hasMore ? 1 : 0 });
  }
}
