import { z } from 'zod';
import { boundedString, cleanTypedText, codePointLength, idSchema, optionalIdSchema, rawLengthFor, wholeNumber } from '../platform/input';
import { DISCUSSION_MESSAGES as M } from './messages';
import { DISCUSSION_CATEGORIES, DISCUSSION_ORDERS, DISCUSSION_RULES as R, type DiscussionCategory } from './rules';

/** Anything a person would see: not only spaces, line breaks or zero-width characters. */
const VISIBLE = /[^\s\u200B-\u200D\u2060\uFEFF]/;
const lengthOf = codePointLength;
const blank = (value: unknown) => value === undefined || value === null || value === '';
/** A missing field reads as an empty text, so it gets the form's "required" answer. */
const orEmpty = (value: unknown) => (value === undefined || value === null ? '' : value);

/** A topic's title: required (`required` when missing), one line, stored as written. */
export const discussionTitleSchema = (required: string) =>
  z.preprocess(
    orEmpty,
    boundedString(required, M.titleTooLong, rawLengthFor(R.titleMaxLength))
      .transform((value) => cleanTypedText(value).replace(/\s+/g, ' '))
      .refine((value) => VISIBLE.test(value), { error: required, abort: true })
      .refine((value) => lengthOf(value) <= R.titleMaxLength, { error: M.titleTooLong }),
  );

/** A topic's text: required, line breaks kept, stored as written (markup is text; see discussionTextParts). */
export const discussionTextSchema = (required: string) =>
  z.preprocess(
    orEmpty,
    boundedString(required, M.textTooLong, rawLengthFor(R.textMaxLength))
      .transform(cleanTypedText)
      .refine((value) => VISIBLE.test(value), { error: required, abort: true })
      .refine((value) => lengthOf(value) <= R.textMaxLength, { error: M.textTooLong }),
  );

const CATEGORY_NUMBER = wholeNumber(M.categoryInvalid, { min: 1, max: DISCUSSION_CATEGORIES.length });

/** A category by its name (`genel`) or its place in DISCUSSION_CATEGORIES from 1, as a select may send it; missing answers `required`. */
export const discussionCategorySchema = (required: string) =>
  z.preprocess(
    orEmpty,
    z
      .union([boundedString(M.categoryInvalid, M.categoryInvalid, 32), z.number()], { error: M.categoryInvalid })
      .transform((value, context): DiscussionCategory => {
        const typed = typeof value === 'string' ? value.trim() : value;
        if (typed === '') {
          context.addIssue({ code: 'custom', message: required });
          return z.NEVER;
        }
        if (typeof typed === 'string' && (DISCUSSION_CATEGORIES as readonly string[]).includes(typed)) return typed as DiscussionCategory;
        const parsed = CATEGORY_NUMBER.safeParse(typed);
        if (parsed.success) return DISCUSSION_CATEGORIES[parsed.data - 1]!;
        context.addIssue({ code: 'custom', message: M.categoryInvalid });
        return z.NEVER;
      }),
  );

/** The title a topic is about: missing, empty or 0 is none. */
export const discussionSeriesSchema = optionalIdSchema(M.seriesNotFound);

export const discussionIdSchema = idSchema(M.discussionIdInvalid);

/** A topic as the server stores it: `category` null means "the bound title's kind's" on create and "as it was" on edit. */
export interface DiscussionDraft {
  title: string;
  text: string;
  category: DiscussionCategory | null;
  seriesId: number | null;
}

/** POST /api/discussions: `title`, `text`, and a `category` or the `seriesId` of the title it is about (or both). */
export const createDiscussionBodySchema = z
  .looseObject({
    title: discussionTitleSchema(M.required),
    text: discussionTextSchema(M.required),
    category: z.preprocess((value) => (blank(value) ? undefined : value), discussionCategorySchema(M.required).optional()),
    seriesId: discussionSeriesSchema,
  })
  .transform((input, context): DiscussionDraft => {
    if (input.category === undefined && input.seriesId === undefined) {
      context.addIssue({ code: 'custom', message: M.required });
      return z.NEVER;
    }
    return { title: input.title, text: input.text, category: input.category ?? null, seriesId: input.seriesId ?? null };
  });
export type CreateDiscussionBody = z.input<typeof createDiscussionBodySchema>;

/** PATCH /api/discussions/:id: `title` and `text` again, `category` (kept when missing), `seriesId` (none when missing). */
export const updateDiscussionBodySchema = z
  .looseObject({
    title: discussionTitleSchema(M.editRequired),
    text: discussionTextSchema(M.editRequired),
    category: z.preprocess((value) => (blank(value) ? undefined : value), discussionCategorySchema(M.editRequired).optional()),
    seriesId: discussionSeriesSchema,
  })
  .transform((input): DiscussionDraft => ({ title: input.title, text: input.text, category: input.category ?? null, seriesId: input.seriesId ?? null }));
export type UpdateDiscussionBody = z.input<typeof updateDiscussionBodySchema>;

const pageSchema = z.preprocess((value) => (blank(value) ? 1 : value), wholeNumber(M.pageInvalid, { min: 1, max: R.maxPage }));

/** GET /api/discussions?category=…&order=newest|active&q=…&page=N */
export const discussionListQuerySchema = z.looseObject({
  category: z.preprocess((value) => (blank(value) ? undefined : value), discussionCategorySchema(M.categoryInvalid).optional()),
  order: z.preprocess((value) => (blank(value) ? 'newest' : value), z.enum(DISCUSSION_ORDERS, { error: M.orderInvalid })),
  q: z.preprocess(
    (value) => (blank(value) ? '' : value),
    boundedString(M.searchTooLong, M.searchTooLong, rawLengthFor(R.searchMaxLength))
      .transform((value) => cleanTypedText(value).replace(/\s+/g, ' '))
      .refine((value) => lengthOf(value) <= R.searchMaxLength, { error: M.searchTooLong }),
  ),
  page: pageSchema,
});
export type DiscussionListQuery = z.output<typeof discussionListQuerySchema>;
