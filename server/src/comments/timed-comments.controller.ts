import { Body, Controller, Get, Param, Post, Query, UseGuards } from '@nestjs/common';
import {
  commentTargetIdSchema,
  createTimedCommentBodySchema,
  timedWindowQuerySchema,
  type TimedComment,
  type TimedCommentWindow,
  type TimedHeatStrip,
} from '@seyirlik/shared-contracts';
import { CurrentViewer, MemberGuard, type Viewer } from '../accounts';
import { parseInput } from '../platform/http/app-exception';
import { PublicRead } from '../platform/http/read-cache/public-read';
import { CommentsService } from './comments.service';

/**
 * Timed comments of an episode (a film's one episode too): the lane's windows and the heat strip
 * are open to visitors and the same for everyone, so they are public reads (each process answers
 * them from memory for READ_CACHE_SECONDS; a player reads its windows again after every join and
 * once more after TIMED_COMMENT_RULES.rereadAfterJoinMs, so nothing pinned before it joined stays
 * unseen); pinning one needs a member (401). Reporting and deleting one are the comments' own
 * routes (`/api/comments/:id/reports`, `DELETE /api/comments/:id`).
 */
@Controller('api/episodes/:id/timed-comments')
export class TimedCommentsController {
  constructor(private readonly comments: CommentsService) {}

  @Get()
  @PublicRead()
  window(@Param('id') id: string, @Query() query: unknown): Promise<TimedCommentWindow> {
    return this.comments.timedWindow(parseInput(commentTargetIdSchema, id), parseInput(timedWindowQuerySchema, query));
  }

  @Get('heat')
  @PublicRead()
  heat(@Param('id') id: string): Promise<TimedHeatStrip> {
    return this.comments.timedHeat(parseInput(commentTargetIdSchema, id));
  }

  @Post()
  @UseGuards(MemberGuard)
  add(@CurrentViewer() viewer: Viewer, @Param('id') id: string, @Body() body: unknown): Promise<TimedComment> {
    return this.comments.addTimed(viewer.user.id, parseInput(commentTargetIdSchema, id), parseInput(createTimedCommentBodySchema, body));
  }
}
