import { Body, Controller, Delete, Get, HttpCode, Param, Post, Query, UseGuards } from '@nestjs/common';
import {
  COMMENT_MESSAGES as M,
  COMMENT_TARGET_TYPES,
  commentIdSchema,
  commentListQuerySchema,
  commentTargetIdSchema,
  createCommentBodySchema,
  memberCommentsQuerySchema,
  reportCommentBodySchema,
  type CommentLikeState,
  type CommentPage,
  type CommentView,
  type MemberCommentPage,
} from '@seyirlik/shared-contracts';
import { CurrentViewer, MemberGuard, OptionalViewer, type Viewer } from '../accounts';
import { parseInput } from '../platform/http/app-exception';
import { CommentsService, type TargetAddress } from './comments.service';

const episodeAddress = (id: string): TargetAddress => ({ type: COMMENT_TARGET_TYPES.episode, id: parseInput(commentTargetIdSchema, id) });
const discussionAddress = (id: string): TargetAddress => ({ type: COMMENT_TARGET_TYPES.discussion, id: parseInput(commentTargetIdSchema, id) });

/**
 * The comments' JSON API. A title page's comments are addressed by its page (`/api/titles/:kind/:slug/comments`),
 * an episode's and a forum topic's (its replies) by their ids; reads are open to visitors, writes need a member (401).
 */
@Controller('api')
export class CommentsController {
  constructor(private readonly comments: CommentsService) {}

  @Get('titles/:kind/:slug/comments')
  titleComments(@OptionalViewer() viewer: Viewer | null, @Param('kind') kind: string, @Param('slug') slug: string, @Query() query: unknown): Promise<CommentPage> {
    const { order, cursor } = parseInput(commentListQuerySchema, query);
    return this.comments.page(viewer?.user.id ?? null, { kind, slug }, order, cursor);
  }

  @Post('titles/:kind/:slug/comments')
  @UseGuards(MemberGuard)
  addTitleComment(@CurrentViewer() viewer: Viewer, @Param('kind') kind: string, @Param('slug') slug: string, @Body() body: unknown): Promise<CommentView> {
    return this.comments.add(viewer.user.id, { kind, slug }, parseInput(createCommentBodySchema, body));
  }

  @Get('episodes/:id/comments')
  episodeComments(@OptionalViewer() viewer: Viewer | null, @Param('id') id: string, @Query() query: unknown): Promise<CommentPage> {
    const { order, cursor } = parseInput(commentListQuerySchema, query);
    return this.comments.page(viewer?.user.id ?? null, episodeAddress(id), order, cursor);
  }

  @Post('episodes/:id/comments')
  @UseGuards(MemberGuard)
  addEpisodeComment(@CurrentViewer() viewer: Viewer, @Param('id') id: string, @Body() body: unknown): Promise<CommentView> {
    return this.comments.add(viewer.user.id, episodeAddress(id), parseInput(createCommentBodySchema, body));
  }

  @Get('discussions/:id/comments')
  discussionComments(@OptionalViewer() viewer: Viewer | null, @Param('id') id: string, @Query() query: unknown): Promise<CommentPage> {
    const { order, cursor } = parseInput(commentListQuerySchema, query);
    return this.comments.page(viewer?.user.id ?? null, discussionAddress(id), order, cursor);
  }

  @Post('discussions/:id/comments')
  @UseGuards(MemberGuard)
  addDiscussionComment(@CurrentViewer() viewer: Viewer, @Param('id') id: string, @Body() body: unknown): Promise<CommentView> {
    return this.comments.add(viewer.user.id, discussionAddress(id), parseInput(createCommentBodySchema, body));
  }

  /** Toggles the member's like; the answer is what this call did and the exact count. */
  @Post('comments/:id/like')
  @HttpCode(200)
  @UseGuards(MemberGuard)
  like(@CurrentViewer() viewer: Viewer, @Param('id') id: string): Promise<CommentLikeState> {
    return this.comments.toggleLike(viewer.user.id, parseInput(commentIdSchema, id));
  }

  @Delete('comments/:id')
  @HttpCode(204)
  @UseGuards(MemberGuard)
  async remove(@CurrentViewer() viewer: Viewer, @Param('id') id: string): Promise<void> {
    await this.comments.remove(viewer.user.id, parseInput(commentIdSchema, id));
  }

  @Post('comments/:id/reports')
  @UseGuards(MemberGuard)
  async report(@CurrentViewer() viewer: Viewer, @Param('id') id: string, @Body() body: unknown): Promise<{ message: string }> {
    await this.comments.report(viewer.user.id, parseInput(commentIdSchema, id), parseInput(reportCommentBodySchema, body));
    return { message: M.reportReceived };
  }

  /** The comments tab of /profile/{username}. */
  @Get('users/:username/comments')
  memberComments(@Param('username') username: string, @Query() query: unknown): Promise<MemberCommentPage> {
    return this.comments.memberComments(username, parseInput(memberCommentsQuerySchema, query).cursor ?? null);
  }
}
