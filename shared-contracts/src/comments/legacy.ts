import { z } from 'zod';
import { legacyPageSchema } from '../catalog/watch';
import { idSchema, optionalIdSchema } from '../platform/input';
import { sendKeySchema } from '../platform/send-key';
import { COMMENT_MESSAGES as M } from './messages';
import { COMMENT_TARGET_TYPES, REPORT_SUBJECTS } from './rules';
import {
  commentIdSchema,
  commentTargetIdSchema,
  commentTargetTypeSchema,
  commentTextSchema,
  describedIfOther,
  reportDescriptionSchema,
  reportReasonSchema,
  spoilerSchema,
} from './schemas';

// The comments' legacy calls (§7), with the seed's field names.

/**
 * The `type` values of `/set/action` that name a comment's page (COMMENT_TARGET_TYPES, as a form
 * sends them): the comments' branch of that shared path. Other values belong to other features.
 */
export const COMMENT_ACTION_TYPES = Object.values(COMMENT_TARGET_TYPES).map(String);

/** The `type` values of `/set/report` the comments answer: theirs, and none (a comment is the default). */
export const COMMENT_REPORT_TYPES = ['', ...REPORT_SUBJECTS];

/** `/add/comment`: `type` and `id` name the target, `comment` the text, `spoiler` 1 or 0. */
export const legacyAddCommentSchema = z.looseObject({
  type: commentTargetTypeSchema,
  id: commentTargetIdSchema,
  comment: commentTextSchema,
  spoiler: spoilerSchema,
  /** Optional: the send's idempotency key (see sendKeySchema). */
  client_key: sendKeySchema,
});

/**
 * `/set/comment/reply`: `id` the comment answered, `message` the text, `episode` the episode the
 * page shows (missing or 0 on a title page); when given, the comment answered must be on it.
 */
export const legacyReplySchema = z.looseObject({
  id: idSchema(M.parentRequired),
  message: commentTextSchema,
  episode: optionalIdSchema(M.parentElsewhere),
  /** Optional: the send's idempotency key (see sendKeySchema). */
  client_key: sendKeySchema,
});

/** `/get/more/comment`: `type` and `id` name the list, `page` from 1. */
export const legacyMoreCommentsSchema = z.looseObject({
  type: commentTargetTypeSchema,
  id: commentTargetIdSchema,
  page: legacyPageSchema,
});

/**
 * `/set/action` on a comment: `post_id` the comment, `type` and `series_id` the page it was liked
 * on (as `/add/comment` names it), `action` "like" (the default). `status`, the client's idea of the
 * state, is not trusted: every call toggles, and the answer says what this call did.
 */
export const legacyActionSchema = z.looseObject({
  type: commentTargetTypeSchema,
  series_id: commentTargetIdSchema,
  post_id: commentIdSchema,
  action: z.preprocess((value) => (value === undefined || value === '' ? 'like' : value), z.literal('like', { error: M.actionInvalid })),
});

/** `/set/report`: `id` the comment, `value` the reason, `desc` the description, `type` what is reported ("comment", the default). */
export const legacyReportSchema = z
  .looseObject({
    type: z.preprocess((value) => (value === undefined || value === '' ? 'comment' : value), z.enum(REPORT_SUBJECTS, { error: M.reportSubjectInvalid })),
    id: commentIdSchema,
    value: reportReasonSchema,
    desc: reportDescriptionSchema,
  })
  .transform(({ id, value, desc }) => ({ id, reason: value, description: desc }))
  .superRefine(describedIfOther);

/** `/comment/delete/post` (the comments' branch of `/{type}/delete/post`): `id` the comment. */
export const legacyDeleteSchema = z.looseObject({ id: commentIdSchema });
