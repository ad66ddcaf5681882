import { z } from 'zod';
import { boundedString, cleanTypedText, idSchema, rawLengthFor, wholeNumber } from '../platform/input';
import { FLOW_MESSAGES as M } from './messages';
import { sendKeySchema } from '../platform/send-key';
import { legacyPollFieldsSchema } from '../polls/legacy';
import { FLOW_POST_KINDS, FLOW_RULES as R } from './rules';

/** Anything a person would see: not only spaces, line breaks or zero-width characters. */
const VISIBLE = /[^\s\u200B-\u200D\u2060\uFEFF]/;

/** A text's length as a person counts it (by code points, so an emoji of one code point is one). */
export const flowTextLength = (value: string): number => [...value].length;

/** A post's text: required, at most FLOW_RULES.textMaxLength characters, line breaks kept; stored as written and always shown escaped. */
export const flowTextSchema = boundedString(M.textRequired, M.textTooLong, rawLengthFor(R.textMaxLength))
  .transform(cleanTypedText)
  .refine((value) => VISIBLE.test(value), { error: M.textRequired })
  .refine((value) => flowTextLength(value) <= R.textMaxLength, { error: M.textTooLong });

export const flowPostIdSchema = idSchema(M.postIdInvalid);
export const flowImageIdSchema = idSchema(M.imageIdInvalid);

/** A flow page number from 1; missing or empty is the first. */
export const flowPageSchema = z.preprocess(
  (value) => (value === undefined || value === null || value === '' ? 1 : value),
  wholeNumber(M.pageInvalid, { min: 1, max: R.maxPage }),
);

/** "Only my posts": 1/0, "1"/"0", "true"/"false", a boolean or nothing (all posts). */
export const flowMeSchema = z
  .preprocess(
    (value) => (value === undefined || value === null || value === '' ? false : value),
    z.union([z.boolean(), z.literal(1), z.literal(0), z.enum(['1', '0', 'true', 'false'])], { error: M.meInvalid }),
  )
  .transform((value) => value === true || value === 1 || value === '1' || value === 'true');

/** GET /api/flow?page=N&me=1 */
export const flowPageQuerySchema = z.looseObject({ page: flowPageSchema, me: flowMeSchema });

/** A post's kind as a form sends it: `post` (the default) or `poll`. */
export const flowPostKindSchema = z.preprocess(
  (value) => (value === undefined || value === null || value === '' ? 'post' : value),
  z.enum(FLOW_POST_KINDS, { error: M.typeInvalid }),
);

/**
 * What a new post is: a text (with photos sent beside it), or a poll's question and answers (read
 * by the polls' schemas); `clientKey` the send's idempotency key, when the client sent one.
 */
export type FlowPostDraft = ({ kind: 'post'; text: string } | { kind: 'poll'; question: string; answers: string[] }) & { clientKey?: string };

/**
 * A new post's fields: `kind`, then a text post's `text` or a poll's `question` and `answers`
 * (a JSON list of `{ value }` or of texts, as questAnswerSchema reads it).
 */
export const flowPostDraftSchema = (fields: { kind: string; text: string; question: string; answers: string; key: string }) =>
  z
    .looseObject({ [fields.kind]: flowPostKindSchema, [fields.key]: sendKeySchema })
    .transform((input, context): FlowPostDraft => {
      const source = input as Record<string, unknown>;
      const clientKey = source[fields.key] as string | undefined;
      if (source[fields.kind] === 'poll') {
        const poll = legacyPollFieldsSchema.safeParse({ questOrTitle: source[fields.question] ?? '', questAnswer: source[fields.answers] });
        if (poll.success) return { kind: 'poll', ...poll.data, clientKey };
        context.addIssue({ code: 'custom', message: poll.error.issues[0]?.message ?? M.typeInvalid });
        return z.NEVER;
      }
      const text = flowTextSchema.safeParse(source[fields.text] ?? '');
      if (text.success) return { kind: 'post', text: text.data, clientKey };
      context.addIssue({ code: 'custom', message: text.error.issues[0]?.message ?? M.textRequired });
      return z.NEVER;
    });

/** POST /api/flow/posts (multipart: `kind`, `text` with photos as `photos`, or `question` and `answers`; `clientKey`). */
export const createFlowPostBodySchema = flowPostDraftSchema({ kind: 'kind', text: 'text', question: 'question', answers: 'answers', key: 'clientKey' });

/** PATCH /api/flow/posts/:id (multipart: `text`, photos to add as `photos`). */
export const editFlowPostBodySchema = z.looseObject({ text: flowTextSchema });
export type EditFlowPostBody = z.input<typeof editFlowPostBodySchema>;
