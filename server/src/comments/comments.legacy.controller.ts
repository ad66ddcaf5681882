import { Controller, type OnModuleInit } from '@nestjs/common';
import {
  COMMENT_ACTION_TYPES,
  COMMENT_MESSAGES as M,
  COMMENT_REPORT_TYPES,
  COMMENT_TARGET_TYPES,
  legacyActionSchema,
  legacyAddCommentSchema,
  legacyDeleteSchema,
  legacyMoreCommentsSchema,
  legacyReplySchema,
  legacyReportSchema,
} from '@seyirlik/shared-contracts';
import { LegacyCallRegistry } from '../platform/http/legacy-call.registry';
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
 * `/set/report` → `message`. On the shared paths the comments answer their own branch: `/set/action`
 * with a comment page's `type` (and any `type` no other feature claims, which its schema refuses),
 * `/set/report` for a comment (the default), `/{type}/delete/post` with `comment`.
 */
@Controller()
export class CommentsLegacyController implements OnModuleInit {
  constructor(
    private readonly comments: CommentsService,
    private readonly legacy: LegacyCallRegistry,
  ) {}

  onModuleInit(): void {
    this.legacy.register({
      path: '/add/comment',
      login: true,
      schema: legacyAddCommentSchema,
      handle: async ({ type, id, comment, spoiler, client_key }, { viewer }) => {
        const view = await this.comments.add(viewer.user.id, { type, id }, { text: comment, spoiler, clientKey: client_key });
        return { id: view.id, data: renderComment(view), message: M.commentAdded };
      },
    });
    this.legacy.register({
      path: '/set/comment/reply',
      login: true,
      schema: legacyReplySchema,
      handle: async ({ id, message, episode, client_key }, { viewer }) => {
        const onPage = episode === undefined ? null : { type: COMMENT_TARGET_TYPES.episode, id: episode };
        const view = await this.comments.reply(viewer.user.id, id, message, onPage, client_key);
        return { id: view.id, reply: renderComment(view), message: M.replyAdded };
      },
    });
    this.legacy.register({
      path: '/get/more/comment',
      login: false,
      schema: legacyMoreCommentsSchema,
      handle: async ({ type, id, page }, { viewer }) => {
        const threads = await this.comments.legacyPage(viewer?.user.id ?? null, { type, id }, page);
        return threads.length === 0 ? { success: false, theme: '', message: M.noMoreComments } : { theme: renderCommentThreads(threads) };
      },
    });
    this.legacy.register({
      path: '/set/action',
      branch: { name: 'comment', field: 'type', values: COMMENT_ACTION_TYPES, answersUnclaimed: true },
      login: true,
      schema: legacyActionSchema,
      handle: async ({ type, series_id, post_id }, { viewer }) => {
        const { liked, likeCount } = await this.comments.toggleLike(viewer.user.id, post_id, { type, id: series_id });
        return { status: liked ? 1 : 0, action: 'like', count: likeCount };
      },
    });
    this.legacy.register({
      path: '/{type}/delete/post',
      branch: { name: 'comment', field: 'type', values: ['comment'] },
      login: true,
      schema: legacyDeleteSchema,
      handle: async ({ id }, { viewer }) => {
        await this.comments.remove(viewer.user.id, id);
        return { message: M.commentDeleted };
      },
    });
    this.legacy.register({
      path: '/set/report',
      branch: { name: 'comment', field: 'type', values: COMMENT_REPORT_TYPES, answersUnclaimed: true },
      login: true,
      schema: legacyReportSchema,
      handle: async ({ id, reason, description }, { viewer }) => {
        await this.comments.report(viewer.user.id, id, { reason, description });
        return { message: M.reportReceived };
      },
    });
  }
}
