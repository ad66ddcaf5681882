import { Controller, Get, Query } from '@nestjs/common';
import { legacyPageSchema, type ChannelCard, type HomeRows, type LatestEpisodesPage } from '@seyirlik/shared-contracts';
import { parseInput } from '../../platform/http/app-exception';
import { PublicRead } from '../../platform/http/read-cache/public-read';
import { HomeService } from './home.service';

/** The home page's JSON API, for our client. */
@Controller('api')
export class HomeController {
  constructor(private readonly home: HomeService) {}

  /** The home page's rows in one reply: the first page of latest episodes, the channels, the newest films. */
  @Get('home')
  @PublicRead()
  rows(): Promise<HomeRows> {
    return this.home.homeRows();
  }

  /** Further pages of the latest episodes; 400 in Turkish for a page that is not 1 to WATCH_RULES.maxPage. */
  @Get('episodes/latest')
  @PublicRead()
  latestEpisodes(@Query('page') page: unknown): Promise<LatestEpisodesPage> {
    return this.home.latestEpisodes(parseInput(legacyPageSchema, page));
  }

  /** The channels with titles, for the discover page's channel select. */
  @Get('channels')
  @PublicRead()
  channels(): Promise<ChannelCard[]> {
    return this.home.channels();
  }
}
