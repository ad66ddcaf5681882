import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Query, Req, UseGuards } from '@nestjs/common';
import {
  FLOW_MESSAGES as M,
  createFlowPostBodySchema,
  editFlowPostBodySchema,
  flowImageIdSchema,
  flowPageQuerySchema,
  flowPostIdSchema,
  type FlowPage,
  type FlowPost,
  type FlowPostReply,
} from '@seyirlik/shared-contracts';
import type { HttpRequest } from '../platform/http/http-types';
import { CurrentViewer, MemberGuard, OptionalViewer, type Viewer } from '../accounts';
import { LoginRequiredException, parseInput } from '../platform/http/app-exception';
import { uploadedPhotos } from './flow-uploads';
import { FlowService } from './flow.service';

/** The multipart field our client sends photos in. */
const PHOTO_FIELDS = ['photos'] as const;

/** The JSON API of the flow: reading is open to visitors, writing to members (401 otherwise). */
@Controller('api/flow')
export class FlowController {
  constructor(private readonly flow: FlowService) {}

  /** `page` from 1, `me=1` only the viewer's posts (members only). */
  @Get()
  page(@OptionalViewer() viewer: Viewer | null, @Query() query: unknown): Promise<FlowPage> {
    const { page, me } = parseInput(flowPageQuerySchema, query ?? {});
    if (me && !viewer) throw new LoginRequiredException();
    return this.flow.page(viewer?.user.id ?? null, page, me);
  }

  @Get('posts/:id')
  post(@OptionalViewer() viewer: Viewer | null, @Param('id') id: string): Promise<FlowPost> {
    return this.flow.post(viewer?.user.id ?? null, parseInput(flowPostIdSchema, id));
  }

  /** Multipart: `kind`, then `text` with photos as `photos`, or a poll's `question` and `answers`. */
  @Post('posts')
  @UseGuards(MemberGuard)
  async create(@CurrentViewer() viewer: Viewer, @Body() body: unknown, @Req() request: HttpRequest): Promise<FlowPostReply> {
    const draft = parseInput(createFlowPostBodySchema, body ?? {});
    return { post: await this.flow.create(viewer.user.id, draft, uploadedPhotos(request, PHOTO_FIELDS)), message: M.posted };
  }

  /** Multipart: `text`, photos to add as `photos`. */
  @Patch('posts/:id')
  @UseGuards(MemberGuard)
  async edit(@CurrentViewer() viewer: Viewer, @Param('id') id: string, @Body() body: unknown, @Req() request: HttpRequest): Promise<FlowPostReply> {
    const postId = parseInput(flowPostIdSchema, id);
    const { text } = parseInput(editFlowPostBodySchema, body ?? {});
    return { post: await this.flow.edit(viewer.user.id, postId, text, uploadedPhotos(request, PHOTO_FIELDS)), message: M.edited };
  }

  @Delete('posts/:id')
  @UseGuards(MemberGuard)
  async delete(@CurrentViewer() viewer: Viewer, @Param('id') id: string): Promise<{ message: string }> {
    await this.flow.delete(viewer.user.id, parseInput(flowPostIdSchema, id));
    return { message: M.deleted };
  }

  @Delete('images/:id')
  @HttpCode(200)
  @UseGuards(MemberGuard)
  async deleteImage(@CurrentViewer() viewer: Viewer, @Param('id') id: string): Promise<FlowPostReply> {
    return { post: await this.flow.deleteImage(viewer.user.id, parseInput(flowImageIdSchema, id)), message: M.imageDeleted };
  }
}
