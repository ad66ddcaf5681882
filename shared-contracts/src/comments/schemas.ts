import { z } from 'zod';
import { boundedString, cleanTypedText, idSchema, optionalIdSchema, rawLengthFor, wholeNumber } from '../platform/input';
import { sendKeySchema } from '../platform/send-key';
import { commentLength, toShortcodes } from './emoji';
import { COMMENT_MESSAGES as M, TIMED_COMMENT_MESSAGES as TM } from './messages';
import {
  COMMENT_ORDERS,
  COMMENT_REPORT_REASONS,
  COMMENT_RULES as R,
  COMMENT_TARGET_TYPES,
  TIMED_COMMENT_RULES as TR,
  type CommentTargetType,
} from './rules';

const positiveId = idSchema;
const optionalId = optionalIdSchema;

/** Anything a person would see: not only spaces, line breaks or zero-width characters. */
const VISIBLE = /[^\s\u200B-\u200D\u2060\uFEFF]/;

/**
 * An HTML tag, comment or doctype (`<b>`, `</script>`, `<img …>`, `<!-- -->`). Such markup is
 * refused; a lone `<` or `&` ("a < b", "<3") is ordinary text, stored as written and shown escaped.
 */
const MARKUP = /<[/!?]?[a-zA-Z!-][^<>]*>/;

/** Whether `value` holds no HTML markup (see MARKUP). */
export const isPlainText = (value: string): boolean => !MARKUP.test(value);

/** Typed text of at most `max` characters as the counter counts them (`commentLength`), without markup. */
const typedText = (required: string, tooLong: string, max: number) =>
  boundedString(required, tooLong, rawLengthFor(max))
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

/** The `type` of a comment's target: 1, 2 or 3 as the seed's, 5 a forum topic (see COMMENT_TARGET_TYPES). */
export const commentTargetTypeSchema = wholeNumber(M.typeInvalid, { min: 1, max: 5 })
  .refine((value): value is CommentTargetType => (Object.values(COMMENT_TARGET_TYPES) as number[]).includes(value), { error: M.typeInvalid })
  .transform((value) => value as CommentTargetType);

export const commentIdSchema = positiveId(M.commentIdInvalid);
export const commentTargetIdSchema = positiveId(M.targetNotFound);

/** POST /api/titles/:kind/:slug/comments and /api/episodes/:id/comments: a comment, or a reply when `parentId` is given. */
export const createCommentBodySchema = z.looseObject({
  text: commentTextSchema,
  spoiler: spoilerSchema,
  parentId: optionalId(M.parentNotFound),
  /** The send's idempotency key: a retry with it answers the comment already stored. */
  clientKey: sendKeySchema,
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
      boundedString(M.cursorInvalid, M.cursorInvalid, 21).regex(CURSOR_PATTERN, { error: M.cursorInvalid }).optional(),
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

/** A report's description: optional text without markup, at most COMMENT_RULES.reportDescriptionMaxLength characters. */
export const reportDescriptionSchema = z.preprocess(
  (value) => (value === undefined || value === null ? '' : value),
  boundedString(M.descriptionRequired, M.descriptionTooLong, rawLengthFor(R.reportDescriptionMaxLength))
    .transform(cleanTypedText)
    .refine((value) => commentLength(value) <= R.reportDescriptionMaxLength, { error: M.descriptionTooLong })
    .refine(isPlainText, { error: M.markupNotAllowed }),
);

/** Why a comment is reported (COMMENT_REPORT_REASONS). */
export const reportReasonSchema = z.enum(COMMENT_REPORT_REASONS, { error: M.reasonInvalid });

/** "Other" says what the problem is; the listed reasons may come without a description. */
export const describedIfOther = <T extends { reason: string; description: string }>(report: T, context: z.RefinementCtx) => {
  if (report.reason === 'other' && !VISIBLE.test(report.description)) context.addIssue({ code: 'custom', message: M.descriptionRequired });
};

/** POST /api/comments/:id/reports */
export const reportCommentBodySchema = z
  .looseObject({ reason: reportReasonSchema, description: reportDescriptionSchema })
  .superRefine(describedIfOther);
export type ReportCommentBody = z.input<typeof reportCommentBodySchema>;

/** A second of an episode: a whole number from 0 (the episode's own end is checked against its length on the server). */
export const timedSecondSchema = wholeNumber(TM.positionInvalid, { min: 0, max: TR.maxSecond });

/** POST /api/episodes/:id/timed-comments: a comment pinned to a second of the episode. */
export const createTimedCommentBodySchema = z.looseObject({
  text: commentTextSchema,
  /** The second of the episode it is pinned to. */
  positionSeconds: timedSecondSchema,
  /** The send's idempotency key, as for comments. */
  clientKey: sendKeySchema,
});
export type CreateTimedCommentBody = z.input<typeof createTimedCommentBodySchema>;

/**
 * GET …/timed-comments?from=S&to=E[&after=ID]: the timed comments of seconds [from, to), at most
 * TIMED_COMMENT_RULES.maxWindowSeconds wide. `after` reads on in a full window: the comments after
 * that one (whose second is `from`).
 */
export const timedWindowQuerySchema = z
  .looseObject({
    from: wholeNumber(TM.windowInvalid, { min: 0, max: TR.maxSecond }),
    to: wholeNumber(TM.windowInvalid, { min: 1, max: TR.maxSecond + TR.maxWindowSeconds }),
    after: z.preprocess((value) => (value === '' ? undefined : value), positiveId(TM.afterInvalid).optional()),
  })
  .refine(({ from, to }) => to > from && to - from <= TR.maxWindowSeconds, { error: TM.windowInvalid })
  .transform(({ from, to, after }) => ({ from, to, after: after ?? null }));
export type TimedWindowQuery = z.output<typeof timedWindowQuerySchema>;
