import { Body, Controller, HttpCode, Post, Req, UseGuards } from '@nestjs/common';
import {
  COMMENT_MESSAGES as M,
  COMMENT_TARGET_TYPES,
  legacyActionSchema,
  legacyAddCommentSchema,
  legacyDeleteSchema,
  legacyMoreCommentsSchema,
  legacyReplySchema,
  legacyReportSchema,
} from '@seyirlik/shared-contracts';
import type { Request } from 'express';
import type { Viewer } from '../accounts/sessions.service';
import { CurrentViewer, MemberGuard } from '../accounts/viewer';
import { parseInput } from '../platform/http/app-exception';
import { CommentsService } from './comments.service';
import { renderComment, renderCommentThreads } from './theme/render-comment-theme';

/**
 * The seed's comment calls (§7). `type` 1 is a series or an anime, 2 an episode, 3 a film, with `id`
 * the title's or the episode's id (see COMMENT_TARGET_TYPES). Visitors get the session flag on writes.
 * `/add/comment` and `/set/comment/reply` take an optional `client_key`, an idempotency key a retry
 * repeats to be answered the comment already stored.
 * Answers: `/add/comment` → `id`, `data` (the new comment's HTML) and `message`; `/set/comment/reply`
 * → `id`, `reply` (its HTML) and `message`; `/get/more/comment` → `theme`, or at the end
 * `success: false` with 'Listelenecek yorum kalmadı !'; `/set/action` → `status` 1 when this call
 * liked the comment, 0 when it took the like back, and `count`; `/comment/delete/post` and
 * `/set/report` → `message`.
 */
@Controller()
export class CommentsLegacyController {
  constructor(private readonly comments: CommentsService) {}

  @Post('add/comment')
  @HttpCode(200)
  @UseGuards(MemberGuard)
  async add(@CurrentViewer() viewer: Viewer, @Body() body: unknown) {
    const { type, id, comment, spoiler, client_key } = parseInput(legacyAddCommentSchema, body);
    const view = await this.comments.add(viewer.user.id, { type, id }, { text: comment, spoiler, clientKey: client_key });
    return { success: true, id: view.id, data: renderComment(view), message: M.commentAdded };
  }

  @Post('set/comment/reply')
  @HttpCode(200)
  @UseGuards(MemberGuard)
  async reply(@CurrentViewer() viewer: Viewer, @Body() body: unknown) {
    const { id, message, episode, client_key } = parseInput(legacyReplySchema, body);
    const onPage = episode === undefined ? null : { type: COMMENT_TARGET_TYPES.episode, id: episode };
    const view = await this.comments.reply(viewer.user.id, id, message, onPage, client_key);
    return { success: true, id: view.id, reply: renderComment(view), message: M.replyAdded };
  }

  @Post('get/more/comment')
  @HttpCode(200)
  async more(@Body() body: unknown, @Req() request: Request) {
    const { type, id, page } = parseInput(legacyMoreCommentsSchema, body);
    const threads = await this.comments.legacyPage(request.viewer?.user.id ?? null, { type, id }, page);
    return threads.length === 0
      ? { success: false, theme: '', message: M.noMoreComments }
      : { success: true, theme: renderCommentThreads(threads) };
  }

  @Post('set/action')
  @HttpCode(200)
  @UseGuards(MemberGuard)
  async action(@CurrentViewer() viewer: Viewer, @Body() body: unknown) {
    const { type, series_id, post_id } = parseInput(legacyActionSchema, body);
    const { liked, likeCount } = await this.comments.toggleLike(viewer.user.id, post_id, { type, id: series_id });
    return { success: true, status: liked ? 1 : 0, action: 'like', count: likeCount };
  }

  @Post('comment/delete/post')
  @HttpCode(200)
  @UseGuards(MemberGuard)
  async remove(@CurrentViewer() viewer: Viewer, @Body() body: unknown) {
    await this.comments.remove(viewer.user.id, parseInput(legacyDeleteSchema, body).id);
    return { success: true, message: M.commentDeleted };
  }

  @Post('set/report')
  @HttpCode(200)
  @UseGuards(MemberGuard)
  async report(@CurrentViewer() viewer: Viewer, @Body() body: unknown) {
    const { id, reason, description } = parseInput(legacyReportSchema, body);
    await this.comments.report(viewer.user.id, id, { reason, description });
    return { success: true, message: M.reportReceived };
  }
}
