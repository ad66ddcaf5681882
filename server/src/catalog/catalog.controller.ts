import { Controller, Get, type OnModuleInit, Param, Query, Res } from '@nestjs/common';
import type { TitleCard } from '@seyirlik/shared-contracts';
import type { HttpReply } from '../platform/http/http-types';
import { FrontReads } from '../platform/http/read-cache/front-reads';
import { PublicRead } from '../platform/http/read-cache/public-read';
import { JSON_CONTENT_TYPE } from '../platform/http/response-encoding';
import { CatalogService, RECENT_TITLES_LIMIT } from './catalog.service';
import { TitlePages } from './title-pages';

/** The route of `detail` below, as the router registers it. */
const TITLE_PAGE_ROUTE = '/api/titles/:kind/:slug';

/** The JSON API of the catalog, for our client. */
@Controller('api/titles')
export class CatalogController implements OnModuleInit {
  constructor(
    private readonly catalog: CatalogService,
    private readonly pages: TitlePages,
    private readonly frontReads: FrontReads,
  ) {}

  /** Title pages no one asked lately are many: a stored one is sent at the front, in one primary-key read, and kept in the read cache as the full way's answer would be. */
  onModuleInit(): void {
    this.frontReads.register(TITLE_PAGE_ROUTE, ({ params }) => this.pages.storedPage(params.kind, params.slug), { keptInReadCache: true });
  }

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

  /** A title's page (TitleDetail), as JSON; the stored ones are mostly sent before they get here (onModuleInit). */
  @Get(':kind/:slug')
  @PublicRead()
  async detail(@Param('kind') kind: string, @Param('slug') slug: string, @Res({ passthrough: true }) reply: HttpReply): Promise<string> {
    const page = await this.pages.page(kind, slug);
    reply.type(JSON_CONTENT_TYPE);
    return page;
  }
}
