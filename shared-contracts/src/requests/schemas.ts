import { z } from 'zod';
import { TITLE_KINDS, type TitleKind } from '../catalog/rules';
import { boundedString, cleanTypedText, codePointLength, idSchema, rawLengthFor, wholeNumber } from '../platform/input';
import { REQUEST_MESSAGES as M } from './messages';
import { REQUEST_RULES as R, REQUEST_STATUSES, type RequestStatus, type RequestVoteType } from './rules';

/** Anything a person would see: not only spaces, line breaks or zero-width characters. */
const VISIBLE = /[^\s\u200B-\u200D\u2060\uFEFF]/;
const lengthOf = codePointLength;
const blank = (value: unknown) => value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

/** A one-line text: runs of spaces and line breaks become one space. */
const oneLine = (value: string) => cleanTypedText(value).replace(/\s+/g, ' ');

/** The requested title's name: required, one line; stored as written and always shown escaped. */
export const requestNameSchema = boundedString(M.nameRequired, M.nameTooLong, rawLengthFor(R.nameMaxLength))
  .transform(oneLine)
  .refine((value) => VISIBLE.test(value), { error: M.nameRequired, abort: true })
  .refine((value) => lengthOf(value) >= R.nameMinLength, { error: M.nameTooShort, abort: true })
  .refine((value) => lengthOf(value) <= R.nameMaxLength, { error: M.nameTooLong });

/** The title's kind, as the catalog names it: `dizi`, `anime` or `film`. */
export const requestKindSchema = z.preprocess(
  (value) => (typeof value === 'string' ? value.trim().toLocaleLowerCase('tr') : value),
  z.enum(TITLE_KINDS, { error: M.typeInvalid }),
);

/** A kind filter of a list or a search: missing or empty is every kind. */
export const requestKindFilterSchema = z.preprocess((value) => (blank(value) ? null : value), requestKindSchema.nullable());

/** The title's id in an outside catalog (a TMDB-like number); optional (null). */
export const requestExternalIdSchema = z.preprocess(
  (value) => (blank(value) || value === 0 || value === '0' ? null : typeof value === 'string' ? value.trim() : value),
  idSchema(M.externalIdInvalid).nullable(),
);

/**
 * The poster's address: optional (null), an https URL without credentials on a named host. It is
 * only ever shown as an `<img src>` in the browser; the server never fetches it.
 */
export const requestImageSchema = z.preprocess(
  (value) => (blank(value) ? null : value),
  boundedString(M.imageInvalid, M.imageInvalid, R.imageMaxLength)
    .transform((value, context) => {
      let url: URL;
      try {
        url = new URL(value.trim());
      } catch {
        context.addIssue({ code: 'custom', message: M.imageInvalid });
        return z.NEVER;
      }
      if (url.protocol !== 'https:' || !/^[^.\s]+(\.[^.\s]+)+$/.test(url.hostname) || url.username || url.password || url.href.length > R.imageMaxLength) {
        context.addIssue({ code: 'custom', message: M.imageInvalid });
        return z.NEVER;
      }
      return url.href;
    })
    .nullable(),
);

/** A new request as the server stores it. */
export interface NewContentRequest {
  name: string;
  kind: TitleKind;
  /** The outside catalog's id, unique per kind among requests. */
  externalId: number | null;
  image: string | null;
}

/**
 * A new request with the seed's field names (§3, `/set/request` and POST /api/requests):
 * `name` the title's name (required), `type` its kind (`dizi`, `anime` or `film`, required),
 * `id` its id in an outside catalog such as TMDB (optional), `image` a poster's https address (optional).
 */
export const newRequestSchema = z
  .looseObject({ name: requestNameSchema, type: requestKindSchema, id: requestExternalIdSchema, image: requestImageSchema })
  .transform((input): NewContentRequest => ({ name: input.name, kind: input.type, externalId: input.id, image: input.image }));

export const requestIdSchema = idSchema(M.requestIdInvalid);

/** The seed's vote `type`: 1 up, 2 down; nothing else. */
export const requestVoteTypeSchema = wholeNumber(M.voteTypeInvalid, { min: 1, max: 2 }).transform((value) => value as RequestVoteType);

/** POST /api/requests/:id/vote */
export const requestVoteBodySchema = z.looseObject({ type: requestVoteTypeSchema });

/** A page number from 1; missing or empty is the first. */
export const requestPageSchema = z.preprocess((value) => (blank(value) ? 1 : value), wholeNumber(M.pageInvalid, { min: 1, max: R.maxPage }));

/** GET /api/requests?page=N&kind=dizi&status=open (kind and status optional). */
export const requestListQuerySchema = z.looseObject({
  page: requestPageSchema,
  kind: requestKindFilterSchema,
  status: z.preprocess((value) => (blank(value) ? null : value), z.enum(REQUEST_STATUSES, { error: M.statusInvalid }).nullable()),
});
export interface RequestListQuery {
  page: number;
  kind: TitleKind | null;
  status: RequestStatus | null;
}

/** The request search's text (§5): from REQUEST_RULES.searchMinLength characters. */
export const requestSearchTextSchema = boundedString(M.queryTooShort, M.queryTooLong, rawLengthFor(R.searchMaxLength))
  .transform(oneLine)
  .refine((value) => lengthOf(value) >= R.searchMinLength, { error: M.queryTooShort, abort: true })
  .refine((value) => lengthOf(value) <= R.searchMaxLength, { error: M.queryTooLong });

/** GET /api/requests/search?q=text&kind=dizi */
export const requestSearchQuerySchema = z.looseObject({ q: requestSearchTextSchema, kind: requestKindFilterSchema });
