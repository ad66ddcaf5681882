import { z } from 'zod';
import { graphemesOf } from '../platform/graphemes';
import { boundedString, cleanTypedText, idSchema, rawLengthFor } from '../platform/input';
import { POLL_MESSAGES as M } from './messages';
import { POLL_RULES as R } from './rules';

/** Anything a person would see: not only spaces, line breaks or zero-width characters. */
const VISIBLE = /[^\s\u200B-\u200D\u2060\uFEFF]/;
const lengthOf = (text: string) => graphemesOf(text).length;

/**
 * How two answers are compared for duplicates: Turkish lower case (İ→i, I→ı), runs of spaces as one,
 * trimmed, in one Unicode form. "Evet", " evet " and "EVET" are the same answer.
 */
export const answerKey = (answer: string): string => answer.normalize('NFC').toLocaleLowerCase('tr-TR').replace(/\s+/g, ' ').trim();

/** A poll's question: required, at most POLL_RULES.questionMaxLength characters, one line. */
export const pollQuestionSchema = boundedString(M.questionRequired, M.questionTooLong, rawLengthFor(R.questionMaxLength))
  .transform((value) => cleanTypedText(value).replace(/\s+/g, ' '))
  .refine((value) => VISIBLE.test(value), { error: M.questionRequired })
  .refine((value) => lengthOf(value) <= R.questionMaxLength, { error: M.questionTooLong });

/**
 * A poll's answers as typed: empty ones are dropped, at least two must remain (seed §5), none may
 * repeat another (compared by answerKey), at most POLL_RULES.maxAnswers, each one line.
 */
export const pollAnswersSchema = z
  .array(z.unknown(), { error: M.answersNotList })
  .max(R.maxAnswers * 4, { error: M.tooManyAnswers, abort: true })
  .transform((answers, context) => {
    const kept: string[] = [];
    for (const answer of answers) {
      if (typeof answer !== 'string') {
        context.addIssue({ code: 'custom', message: M.answersNotList });
        return z.NEVER;
      }
      if (answer.length > rawLengthFor(R.answerMaxLength)) {
        context.addIssue({ code: 'custom', message: M.answerTooLong });
        return z.NEVER;
      }
      const cleaned = cleanTypedText(answer).replace(/\s+/g, ' ');
      if (VISIBLE.test(cleaned)) kept.push(cleaned);
    }
    return kept;
  })
  .superRefine((answers, context) => {
    if (answers.length < R.minAnswers) context.addIssue({ code: 'custom', message: M.minTwoAnswers });
    else if (answers.length > R.maxAnswers) context.addIssue({ code: 'custom', message: M.tooManyAnswers });
    else if (answers.some((answer) => lengthOf(answer) > R.answerMaxLength)) context.addIssue({ code: 'custom', message: M.answerTooLong });
    else if (new Set(answers.map(answerKey)).size !== answers.length) context.addIssue({ code: 'custom', message: M.duplicateAnswers });
  });

/** An optional closing time: an ISO 8601 text or a Date, in the future; missing or null is "never closes". */
export const pollClosesAtSchema = z.preprocess(
  (value) => (value === undefined || value === null || value === '' ? null : typeof value === 'string' && value.length <= 40 ? new Date(value) : value),
  z
    .date({ error: M.closesAtInvalid })
    .refine((date) => !Number.isNaN(date.getTime()), { error: M.closesAtInvalid, abort: true })
    .refine((date) => date.getTime() > Date.now(), { error: M.closesAtPast })
    .nullable(),
);

/** A new poll: its question, its answers as typed and an optional closing time. */
export const createPollInputSchema = z.object(
  {
    question: pollQuestionSchema,
    answers: pollAnswersSchema,
    closesAt: pollClosesAtSchema,
  },
  { error: M.questionRequired },
);
export type CreatePollInput = z.input<typeof createPollInputSchema>;
export type ValidPoll = z.output<typeof createPollInputSchema>;

/**
 * The first Turkish problem of a poll being written (the composer shows it before sending, with
 * the same words the server answers), or null when it can be sent.
 */
export function pollDraftProblem(draft: { question: string; answers: readonly string[] }): string | null {
  const result = createPollInputSchema.safeParse({ question: draft.question, answers: [...draft.answers] });
  return result.success ? null : (result.error.issues[0]?.message ?? M.minTwoAnswers);
}

/** An option of a poll, as a vote names it. */
export const pollOptionIdSchema = z.preprocess((value) => (value === undefined || value === null || value === '' ? undefined : value), idSchema(M.optionRequired));

/** The post a poll belongs to (a poll is addressed by its post). */
export const pollPostIdSchema = idSchema(M.postIdInvalid);

/** POST /api/flow/posts/:id/poll/vote */
export const pollVoteBodySchema = z.object({ optionId: pollOptionIdSchema }, { error: M.optionRequired });
