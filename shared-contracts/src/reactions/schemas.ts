import { z } from 'zod';
import { idSchema } from '../platform/input';
import { REACTION_MESSAGES as M } from './messages';
import { REACTION_KINDS } from './rules';

/** A reaction kind of REACTION_KINDS; anything else is refused. */
export const reactionKindSchema = z.enum(REACTION_KINDS, { error: M.kindInvalid });

/** A flow or group post, as a reaction names it. */
export const reactionPostIdSchema = idSchema(M.postIdInvalid);

/** PUT /api/flow/posts/:id/reaction: the member's reaction (replacing any other of theirs). */
export const setReactionBodySchema = z.object({ kind: reactionKindSchema }, { error: M.kindInvalid });
