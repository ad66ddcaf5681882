import { Body, Controller, Delete, Get, Param, Patch, Post, Query, UseGuards } from '@nestjs/common';
import {
  createDiscussionBodySchema,
  discussionIdSchema,
  discussionListQuerySchema,
  updateDiscussionBodySchema,
  type DiscussionCreatedReply,
  type DiscussionDeletedReply,
  type DiscussionList,
  type DiscussionReply,
  type DiscussionSeries,
  type DiscussionView,
} from '@seyirlik/shared-contracts';
import { CurrentViewer, MemberGuard, OptionalViewer, type Viewer } from '../accounts';
import { parseInput } from '../platform/http/app-exception';
import { DiscussionsService } from './discussions.service';

/**
 * The forum's JSON API: the list and topics are open to visitors, changes need a member (401).
 * A topic's replies are its comments: GET/POST /api/discussions/:id/comments (the comments' API).
 */
@Controller('api/discussions')
export class DiscussionsController {
  constructor(private readonly discussions: DiscussionsService) {}

  /** `category`, `order` (newest | active), `q` (searched in titles), `page` from 1. */
  @Get()
  list(@Query() query: unknown): Promise<DiscussionList> {
    return this.discussions.list(parseInput(discussionListQuerySchema, query ?? {}));
  }

  @Post()
  @UseGuards(MemberGuard)
  create(@CurrentViewer() viewer: Viewer, @Body() body: unknown): Promise<DiscussionCreatedReply> {
    return this.discussions.create(viewer.user.id, parseInput(createDiscussionBodySchema, body ?? {}));
  }

  /** The title at /{kind}/{slug}, with the id a topic about it is opened with. */
  @Get('series/:kind/:slug')
  series(@Param('kind') kind: string, @Param('slug') slug: string): Promise<DiscussionSeries> {
    return this.discussions.seriesAt(kind, slug);
  }

  @Get(':id')
  view(@OptionalViewer() viewer: Viewer | null, @Param('id') id: string): Promise<DiscussionView> {
    return this.discussions.view(viewer?.user.id ?? null, parseInput(discussionIdSchema, id));
  }

  @Patch(':id')
  @UseGuards(MemberGuard)
  update(@CurrentViewer() viewer: Viewer, @Param('id') id: string, @Body() body: unknown): Promise<DiscussionReply> {
    const discussionId = parseInput(discussionIdSchema, id);
    return this.discussions.update(viewer.user.id, discussionId, parseInput(updateDiscussionBodySchema, body ?? {}));
  }

  @Delete(':id')
  @UseGuards(MemberGuard)
  remove(@CurrentViewer() viewer: Viewer, @Param('id') id: string): Promise<DiscussionDeletedReply> {
    return this.discussions.remove(viewer.user.id, parseInput(discussionIdSchema, id));
  }
}
