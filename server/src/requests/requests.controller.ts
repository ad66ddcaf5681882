import { Body, Controller, Get, HttpCode, Param, Post, Query, Res, UseGuards } from '@nestjs/common';
import {
  newRequestSchema,
  requestIdSchema,
  requestListQuerySchema,
  requestSearchQuerySchema,
  requestVoteBodySchema,
  type ContentRequestCreatedReply,
  type ContentRequestExistsReply,
  type ContentRequestList,
  type ContentRequestView,
  type ContentRequestVoteReply,
  type RequestSearchResult,
} from '@seyirlik/shared-contracts';
import type { HttpReply } from '../platform/http/http-types';
import { CurrentViewer, MemberGuard, OptionalViewer, type Viewer } from '../accounts';
import { parseInput } from '../platform/http/app-exception';
import { RequestExistsException, RequestsService } from './requests.service';

/** The content requests' JSON API: lists, pages and search are open to visitors; requests and votes to members (401 otherwise). */
@Controller('api/requests')
export class RequestsController {
  constructor(private readonly requests: RequestsService) {}

  /** `page` from 1, `kind` dizi/anime/film, `status` open/added/refused (both optional). */
  @Get()
  list(@OptionalViewer() viewer: Viewer | null, @Query() query: unknown): Promise<ContentRequestList> {
    return this.requests.list(viewer?.user.id ?? null, parseInput(requestListQuerySchema, query ?? {}));
  }

  /** `q` from 2 characters, `kind` optional: the catalog's titles and the existing requests. */
  @Get('search')
  search(@OptionalViewer() viewer: Viewer | null, @Query() query: unknown): Promise<RequestSearchResult> {
    const { q, kind } = parseInput(requestSearchQuerySchema, query ?? {});
    return this.requests.search(viewer?.user.id ?? null, q, kind);
  }

  @Get(':id')
  view(@OptionalViewer() viewer: Viewer | null, @Param('id') id: string): Promise<ContentRequestView> {
    return this.requests.view(viewer?.user.id ?? null, parseInput(requestIdSchema, id));
  }

  /** `{ name, type, id?, image? }` (the seed's names). 201 with the request; 409 with `exists` and `link` when the title is there already. */
  @Post()
  @UseGuards(MemberGuard)
  async create(
    @CurrentViewer() viewer: Viewer,
    @Body() body: unknown,
    @Res({ passthrough: true }) response: HttpReply,
  ): Promise<ContentRequestCreatedReply | ContentRequestExistsReply> {
    try {
      return await this.requests.create(viewer.user.id, parseInput(newRequestSchema, body ?? {}));
    } catch (error) {
      if (!(error instanceof RequestExistsException)) throw error;
      response.code(409);
      return { statusCode: 409, message: (error.getResponse() as { message: string }).message, ...error.match };
    }
  }

  /** `{ type }`: 1 up, 2 down. */
  @Post(':id/vote')
  @HttpCode(200)
  @UseGuards(MemberGuard)
  vote(@CurrentViewer() viewer: Viewer, @Param('id') id: string, @Body() body: unknown): Promise<ContentRequestVoteReply> {
    const requestId = parseInput(requestIdSchema, id);
    return this.requests.vote(viewer.user.id, requestId, parseInput(requestVoteBodySchema, body ?? {}).type);
  }
}
