import { z } from 'zod';
import { boundedString, cleanTypedText, codePointLength, idSchema, rawLengthFor, wholeNumber } from '../platform/input';
import { COLLECTION_MESSAGES as M } from './messages';
import { COLLECTION_RULES as R, COLLECTION_SORTS } from './rules';

/** Anything a person would see: not only spaces, line breaks or zero-width characters. */
const VISIBLE = /[^\s\u200B-\u200D\u2060\uFEFF]/;
const lengthOf = codePointLength;
const blank = (value: unknown) => value === undefined || value === null || value === '';
/** A one-line text: runs of spaces and line breaks become one space. */
const oneLine = (value: string) => cleanTypedText(value).replace(/\s+/g, ' ');

/** The collection's name: required (§5), one line, at most COLLECTION_RULES.nameMaxLength characters. */
export const collectionNameSchema = boundedString(M.required, M.nameTooLong, rawLengthFor(R.nameMaxLength))
  .transform(oneLine)
  .refine((value) => VISIBLE.test(value), { error: M.required, abort: true })
  .refine((value) => lengthOf(value) <= R.nameMaxLength, { error: M.nameTooLong });

/** The description (`desc`): optional, line breaks kept, stored as written and always shown escaped. */
export const collectionDescriptionSchema = z.preprocess(
  (value) => (blank(value) ? '' : value),
  boundedString(M.descriptionTooLong, M.descriptionTooLong, rawLengthFor(R.descriptionMaxLength))
    .transform(cleanTypedText)
    .refine((value) => lengthOf(value) <= R.descriptionMaxLength, { error: M.descriptionTooLong }),
);

const titleIdSchema = idSchema(M.listInvalid);

/** One item of the list: a title's id, or the seed's item (`id`, `type`, `name`; only `id` is used, the title's own kind and name are shown). */
const collectionItemSchema = z.union(
  [
    titleIdSchema,
    z.looseObject({
      id: titleIdSchema,
      type: z.union([boundedString(M.listInvalid, M.listInvalid, 16), z.number()]).optional(),
      name: boundedString(M.listInvalid, M.listInvalid, R.itemNameMaxLength).optional(),
    }),
  ],
  { error: M.listInvalid },
);

/**
 * The list (§7 `list`): the titles in their order, as an array or as its JSON text (the legacy
 * calls send it so). Empty or missing is the seed's "required"; not JSON, not a list or an item
 * that names no id is refused; a title may appear once; at most COLLECTION_RULES.maxItems.
 */
export const collectionListSchema = z
  .preprocess(
    (value) => (blank(value) ? [] : value),
    z.union([z.array(z.unknown()).max(R.maxItems * 4, { error: M.tooManyItems, abort: true }), boundedString(M.listInvalid, M.listInvalid, R.listJsonMaxLength)], {
      error: M.listInvalid,
    }),
  )
  .transform((value, context): unknown[] => {
    if (Array.isArray(value)) return value;
    try {
      const parsed: unknown = JSON.parse(value);
      if (Array.isArray(parsed)) return parsed;
    } catch {
      // Reported below as any list that is not one.
    }
    context.addIssue({ code: 'custom', message: M.listInvalid });
    return z.NEVER;
  })
  .pipe(z.array(collectionItemSchema, { error: M.listInvalid }).min(1, { error: M.required }).max(R.maxItems, { error: M.tooManyItems }))
  .transform((items) => items.map((item) => (typeof item === 'number' ? item : item.id)))
  .refine((ids) => new Set(ids).size === ids.length, { error: M.duplicateItem });

export const collectionIdSchema = idSchema(M.collectionIdInvalid);

/** What a collection is as the create modal sends it, under the seed's field names (`name`, `desc`, `list`). */
export const collectionFieldsSchema = z
  .looseObject({ name: collectionNameSchema, desc: collectionDescriptionSchema, list: collectionListSchema })
  .transform((input): CollectionFields => ({ name: input.name, description: input.desc, titleIds: input.list }));

/** A collection's fields as the server stores them. */
export interface CollectionFields {
  name: string;
  description: string;
  /** The titles, in the collection's order. */
  titleIds: number[];
}

/** A page number from 1; missing or empty is the first. */
const pageSchema = z.preprocess((value) => (blank(value) ? 1 : value), wholeNumber(M.pageInvalid, { min: 1, max: R.maxPage }));

/** GET /api/collections?page=N&sort=newest|popular&owner=username */
export const collectionListQuerySchema = z.looseObject({
  page: pageSchema,
  sort: z.preprocess((value) => (blank(value) ? 'newest' : value), z.enum(COLLECTION_SORTS, { error: M.sortInvalid })),
  owner: z.preprocess(
    (value) => (blank(value) ? null : value),
    boundedString(M.ownerInvalid, M.ownerInvalid, 64)
      .transform((value) => value.trim())
      .nullable(),
  ),
});
export type CollectionListQuery = z.output<typeof collectionListQuerySchema>;

/** The catalog search's text (§5): from COLLECTION_RULES.searchMinLength characters. */
export const collectionSearchTextSchema = boundedString(M.queryTooShort, M.queryTooLong, rawLengthFor(R.searchMaxLength))
  .transform(oneLine)
  .refine((value) => lengthOf(value) >= R.searchMinLength, { error: M.queryTooShort, abort: true })
  .refine((value) => lengthOf(value) <= R.searchMaxLength, { error: M.queryTooLong });

/** GET /api/collections/search?q=text */
export const collectionSearchQuerySchema = z.looseObject({ q: collectionSearchTextSchema });
