import { Controller, Get, Param, Query, Res } from '@nestjs/common';
import type { TitleCard } from '@seyirlik/shared-contracts';
import type { HttpReply } from '../platform/http/http-types';
import { PublicRead } from '../platform/http/read-cache/public-read';
import { JSON_CONTENT_TYPE } from '../platform/http/response-encoding';
import { CatalogService, RECENT_TITLES_LIMIT } from './catalog.service';
import { TitlePages } from './title-pages';

/** The JSON API of the catalog, for our client. */
@Controller('api/titles')
export class CatalogController {
  constructor(
    private readonly catalog: CatalogService,
    private readonly pages: TitlePages,
  ) {}

  /** Newest titles; `limit` is clamped to 1–48, anything unreadable gives the default. */
  @Get()
  @PublicRead()
  async recent(@Query('limit') limit?: string): Promise<{ titles: TitleCard[] }> {
    const requested = Number.parseInt(limit ?? '', 10);
    const take = Number.isFinite(requested)
      ? Math.min(Math.max(requested, 1), RECENT_TITLES_LIMIT.max)
      : RECENT_TITLES_LIMIT.default;
    return { titles: await this.catalog.recentTitles(take) };
  }

  /** A title's page (TitleDetail), sent as the JSON it is stored as. */
  @Get(':kind/:slug')
  @PublicRead()
  async detail(@Param('kind') kind: string, @Param('slug') slug: string, @Res({ passthrough: true }) reply: HttpReply): Promise<string> {
    const page = await this.pages.page(kind, slug);
    reply.type(JSON_CONTENT_TYPE);
    return page;
  }
}
