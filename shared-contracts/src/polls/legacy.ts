import { z } from 'zod';
import { optionalIdSchema, rawLengthFor } from '../platform/input';
import { POLL_MESSAGES as M } from './messages';
import { POLL_RULES as R } from './rules';
import { pollAnswersSchema, pollOptionIdSchema, pollPostIdSchema, pollQuestionSchema } from './schemas';

// The polls' legacy fields and calls (§3, §7), with the seed's field names.

/** The most a `questAnswer` JSON text may weigh before it is read at all. */
const QUEST_ANSWER_MAX_LENGTH = rawLengthFor(R.answerMaxLength) * R.maxAnswers + 1_000;

/**
 * `questAnswer` of `/set/flow/post` and `/set/group/post` with `type` poll: a JSON text of a list of
 * objects with a `value` (`[{"value":"Evet"},{"value":"Hayır"}]`; plain texts are taken too), or
 * that list already parsed (a JSON body). Answers the answers' texts, validated as pollAnswersSchema.
 */
export const questAnswerSchema = z
  .preprocess((value, context) => {
    if (typeof value !== 'string') return value;
    if (value.length > QUEST_ANSWER_MAX_LENGTH) {
      context.addIssue({ code: 'custom', message: M.tooManyAnswers });
      return z.NEVER;
    }
    try {
      return JSON.parse(value) as unknown;
    } catch {
      context.addIssue({ code: 'custom', message: M.answersNotJson });
      return z.NEVER;
    }
  }, z.unknown())
  .transform((value, context) => {
    if (value === undefined || value === null) return [];
    if (!Array.isArray(value)) {
      context.addIssue({ code: 'custom', message: M.answersNotList });
      return z.NEVER;
    }
    return value.map((item: unknown) => (typeof item === 'object' && item !== null && !Array.isArray(item) ? (item as { value?: unknown }).value : item));
  })
  .pipe(pollAnswersSchema);

/** The poll fields of a legacy post: `questOrTitle` the question, `questAnswer` the answers (see questAnswerSchema). */
export const legacyPollFieldsSchema = z
  .looseObject({ questOrTitle: pollQuestionSchema, questAnswer: questAnswerSchema })
  .transform(({ questOrTitle, questAnswer }) => ({ question: questOrTitle, answers: questAnswer }));

/**
 * `/flow/set/poll/vote` and `/set/poll/vote`: `value` the chosen option, `post_id` the poll's post
 * (`poll_id`, the same number, is taken when `post_id` is missing), `group_id` the group the post is
 * in (missing or 0 on the public flow).
 */
export const legacyPollVoteSchema = z
  .looseObject({
    value: pollOptionIdSchema,
    post_id: optionalIdSchema(M.postIdInvalid),
    poll_id: optionalIdSchema(M.postIdInvalid),
    group_id: optionalIdSchema(M.groupIdInvalid),
  })
  .transform(({ value, post_id, poll_id, group_id }, context) => {
    const postId = post_id ?? poll_id;
    if (postId === undefined || (post_id !== undefined && poll_id !== undefined && post_id !== poll_id)) {
      context.addIssue({ code: 'custom', message: postId === undefined ? M.postIdInvalid : M.pollNotFound });
      return z.NEVER;
    }
    return { optionId: value, postId: pollPostIdSchema.parse(postId), groupId: group_id ?? null };
  });
