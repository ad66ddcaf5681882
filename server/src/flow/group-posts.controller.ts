import { Body, Controller, Get, Param, Post, Query, Req, UseGuards } from '@nestjs/common';
import { FLOW_MESSAGES as M, createFlowPostBodySchema, flowPageQuerySchema, groupIdSchema, type FlowPage, type FlowPostReply } from '@seyirlik/shared-contracts';
import type { HttpRequest } from '../platform/http/http-types';
import { CurrentViewer, MemberGuard, OptionalViewer, type Viewer } from '../accounts';
import { parseInput } from '../platform/http/app-exception';
import { uploadedPhotos } from './flow-uploads';
import { FlowService } from './flow.service';

/** The multipart field our client sends photos in. */
const PHOTO_FIELDS = ['photos'] as const;

/**
 * A group's posts over the JSON API: read by whoever may read the group, posted by its members.
 * A group post is then edited and deleted through `/api/flow/posts/:id` like any post.
 */
@Controller('api/groups/:id/posts')
export class GroupPostsController {
  constructor(private readonly flow: FlowService) {}

  /** `page` from 1. */
  @Get()
  page(@OptionalViewer() viewer: Viewer | null, @Param('id') id: string, @Query() query: unknown): Promise<FlowPage> {
    const groupId = parseInput(groupIdSchema, id);
    const { page } = parseInput(flowPageQuerySchema, query ?? {});
    return this.flow.groupPage(viewer?.user.id ?? null, groupId, page);
  }

  /** Multipart, as `POST /api/flow/posts`: `kind`, then `text` with photos as `photos`, or a poll's `question` and `answers`. */
  @Post()
  @UseGuards(MemberGuard)
  async create(@CurrentViewer() viewer: Viewer, @Param('id') id: string, @Body() body: unknown, @Req() request: HttpRequest): Promise<FlowPostReply> {
    const groupId = parseInput(groupIdSchema, id);
    const draft = parseInput(createFlowPostBodySchema, body ?? {});
    return { post: await this.flow.create(viewer.user.id, draft, uploadedPhotos(request, PHOTO_FIELDS), groupId), message: M.posted };
  }
}
