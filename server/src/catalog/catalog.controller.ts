import { Controller, Get, Param, Query } from '@nestjs/common';
import type { TitleCard, TitleDetail } from '@seyirlik/shared-contracts';
import { PublicRead } from '../platform/http/read-cache/public-read';
import { CatalogService, RECENT_TITLES_LIMIT } from './catalog.service';

/** The JSON API of the catalog, for our client. */
@Controller('api/titles')
export class CatalogController {
  constructor(private readonly catalog: CatalogService) {}

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

  @Get(':kind/:slug')
  @PublicRead()
  detail(@Param('kind') kind: string, @Param('slug') slug: string): Promise<TitleDetail> {
    return this.catalog.titleDetail(kind, slug);
  }
}
