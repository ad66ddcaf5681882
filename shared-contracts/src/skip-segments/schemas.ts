import { z } from 'zod';
import { idSchema, wholeNumber } from '../platform/input';
import { SKIP_SEGMENT_MESSAGES as M } from './messages';
import { SKIP_SEGMENT_KINDS, SKIP_SEGMENT_RULES, SKIP_SEGMENT_VOTES } from './rules';

const second = (message: string) => wholeNumber(message, { min: 0, max: SKIP_SEGMENT_RULES.maxSecond });

/**
 * POST /api/sources/:id/skip-segments: a marking of the source's episode. The episode's length
 * (the end, a third of it) and overlaps are checked on the server, which knows them.
 */
export const markSkipSegmentBodySchema = z
  .looseObject({
    /** intro, recap or credits. */
    kind: z.enum(SKIP_SEGMENT_KINDS, { error: M.kindInvalid }),
    /** Where it starts, in whole seconds from the episode's start. */
    startSeconds: second(M.startInvalid),
    /** Where it ends (the second playback skips to). */
    endSeconds: second(M.endInvalid),
  })
  .refine((body) => body.endSeconds > body.startSeconds, { error: M.endBeforeStart });
export type MarkSkipSegmentBody = z.input<typeof markSkipSegmentBodySchema>;

/** POST /api/skip-segments/:id/votes */
export const voteSkipSegmentBodySchema = z.looseObject({
  vote: z.enum(SKIP_SEGMENT_VOTES, { error: M.voteInvalid }),
});
export type VoteSkipSegmentBody = z.input<typeof voteSkipSegmentBodySchema>;

export const skipSegmentIdSchema = idSchema(M.segmentNotFound);
