import { z } from 'zod';
import { legacyPageSchema } from '../catalog/watch';
import { commentLength, toShortcodes } from './emoji';
import { COMMENT_MESSAGES as M } from './messages';
import {
  COMMENT_ORDERS,
  COMMENT_REPORT_REASONS,
  COMMENT_RULES as R,
  COMMENT_TARGET_TYPES,
  REPORT_SUBJECTS,
  type CommentTargetType,
} from './rules';

const positiveId = (message: string) =>
  z.coerce.number({ error: message }).int({ error: message }).min(1, { error: message }).max(2_147_483_647, { error: message });

/** A legacy optional number: missing, empty, 0 or null all mean "not given". */
const optionalId = (message: string) =>
  z.preprocess((value) => (value === undefined || value === null || value === '' || value === '0' || value === 0 ? undefined : value), positiveId(message).optional());

/** Control characters and bidirectional overrides (which can disguise text) are dropped; line breaks stay. */
const INVISIBLE_CONTROLS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F\u202A-\u202E\u2066-\u2069]/g;
/** Anything a person would see: not only spaces, line breaks or zero-width characters. */
const VISIBLE = /[^\s\u200B-\u200D\u2060\uFEFF]/;

/** Text as a person typed it: line breaks unified, invisible controls dropped, trimmed. */
export function cleanTypedText(value: string): string {
  return value.replace(/\r\n?/g, '\n').replace(INVISIBLE_CONTROLS, '').trim();
}

/**
 * An HTML tag, comment or doctype (`<b>`, `</script>`, `<img …>`, `<!-- -->`). Such markup is
 * refused; a lone `<` or `&` ("a < b", "<3") is ordinary text, stored as written and shown escaped.
 */
const MARKUP = /<[/!?]?[a-zA-Z!-][^<>]*>/;

/** Whether `value` holds no HTML markup (see MARKUP). */
export const isPlainText = (value: string): boolean => !MARKUP.test(value);

/** Typed text of at most `max` characters as the counter counts them (`commentLength`), without markup. */
const typedText = (required: string, tooLong: string, max: number) =>
  z
    .string({ error: required })
    .transform(cleanTypedText)
    .refine((value) => VISIBLE.test(value), { error: required })
    .refine((value) => commentLength(value) <= max, { error: tooLong })
    .refine(isPlainText, { error: M.markupNotAllowed });

/**
 * A comment's text: required, at most COMMENT_RULES.maxLength characters as the person sees them,
 * answered in its stored form (emoji as short codes; every other character as written).
 */
export const commentTextSchema = typedText(M.textRequired, M.textTooLong, R.maxLength).transform(toShortcodes);

/** The spoiler flag: a boolean, or the legacy form's 1/0, "1"/"0", "true"/"false" or "on"; missing is no spoiler. */
export const spoilerSchema = z.preprocess(
  (value) => (value === undefined || value === null || value === '' ? false : value),
  z
    .union([z.boolean(), z.literal(1), z.literal(0), z.enum(['1', '0', 'true', 'false', 'on'])], { error: M.spoilerInvalid })
    .transform((value) => value === true || value === 1 || value === '1' || value === 'true' || value === 'on'),
);

/** The seed's `type` of a comment's target: 1, 2 or 3 (see COMMENT_TARGET_TYPES). */
export const commentTargetTypeSchema = z.coerce
  .number({ error: M.typeInvalid })
  .refine((value): value is CommentTargetType => (Object.values(COMMENT_TARGET_TYPES) as number[]).includes(value), { error: M.typeInvalid })
  .transform((value) => value as CommentTargetType);

export const commentIdSchema = positiveId(M.commentIdInvalid);
export const commentTargetIdSchema = positiveId(M.targetNotFound);

/** POST /api/titles/:kind/:slug/comments and /api/episodes/:id/comments: a comment, or a reply when `parentId` is given. */
export const createCommentBodySchema = z.looseObject({
  text: commentTextSchema,
  spoiler: spoilerSchema,
  parentId: optionalId(M.parentNotFound),
});
export type CreateCommentBody = z.input<typeof createCommentBodySchema>;

/** Where a page of comments starts: after the last comment of the page before (`nextCursor`). */
export interface CommentCursor {
  id: number;
  /** The like count of that comment, for the most-liked order. */
  likeCount: number | null;
}

const CURSOR_PATTERN = /^(\d{1,10})(?:-(\d{1,10}))?$/;

/** GET …/comments?order=newest|liked&cursor=…: the first page without a cursor. */
export const commentListQuerySchema = z
  .looseObject({
    order: z.preprocess((value) => (value === undefined || value === '' ? 'newest' : value), z.enum(COMMENT_ORDERS, { error: M.orderInvalid })),
    cursor: z.preprocess(
      (value) => (value === '' ? undefined : value),
      z.string({ error: M.cursorInvalid }).regex(CURSOR_PATTERN, { error: M.cursorInvalid }).optional(),
    ),
  })
  .transform(({ order, cursor }, context) => {
    if (cursor === undefined) return { order, cursor: null };
    const [, id, likeCount] = CURSOR_PATTERN.exec(cursor)!;
    if ((order === 'liked') !== (likeCount !== undefined)) {
      context.addIssue({ code: 'custom', message: M.cursorInvalid });
      return z.NEVER;
    }
    return { order, cursor: { id: Number(id), likeCount: likeCount === undefined ? null : Number(likeCount) } satisfies CommentCursor };
  });

/** The cursor that continues a list after `comment`, in `order`. */
export function commentCursor(order: (typeof COMMENT_ORDERS)[number], comment: { id: number; likeCount: number }): string {
  return order === 'liked' ? `${comment.id}-${comment.likeCount}` : String(comment.id);
}

/** GET /api/users/:username/comments?cursor=ID */
export const memberCommentsQuerySchema = z.looseObject({
  cursor: z.preprocess((value) => (value === '' ? undefined : value), positiveId(M.cursorInvalid).optional()),
});

const reportDescriptionSchema = z.preprocess(
  (value) => (value === undefined || value === null ? '' : value),
  z
    .string({ error: M.descriptionRequired })
    .transform(cleanTypedText)
    .refine((value) => commentLength(value) <= R.reportDescriptionMaxLength, { error: M.descriptionTooLong })
    .refine(isPlainText, { error: M.markupNotAllowed }),
);

const reportReasonSchema = z.enum(COMMENT_REPORT_REASONS, { error: M.reasonInvalid });

/** "Other" says what the problem is; the listed reasons may come without a description. */
const describedIfOther = <T extends { reason: string; description: string }>(report: T, context: z.RefinementCtx) => {
  if (report.reason === 'other' && !VISIBLE.test(report.description)) context.addIssue({ code: 'custom', message: M.descriptionRequired });
};

/** POST /api/comments/:id/reports */
export const reportCommentBodySchema = z
  .looseObject({ reason: reportReasonSchema, description: reportDescriptionSchema })
  .superRefine(describedIfOther);
export type ReportCommentBody = z.input<typeof reportCommentBodySchema>;

// The legacy calls (§7), with the seed's field names.

/** `/add/comment`: `type` and `id` name the target, `comment` the text, `spoiler` 1 or 0. */
export const legacyAddCommentSchema = z.looseObject({
  type: commentTargetTypeSchema,
  id: commentTargetIdSchema,
  comment: commentTextSchema,
  spoiler: spoilerSchema,
});

/**
 * `/set/comment/reply`: `id` the comment answered, `message` the text, `episode` the episode the
 * page shows (missing or 0 on a title page); when given, the comment answered must be on it.
 */
export const legacyReplySchema = z.looseObject({
  id: positiveId(M.parentRequired),
  message: commentTextSchema,
  episode: optionalId(M.parentElsewhere),
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

/** `/comment/delete/post`: `id` the comment. */
export const legacyDeleteSchema = z.looseObject({ id: commentIdSchema });
