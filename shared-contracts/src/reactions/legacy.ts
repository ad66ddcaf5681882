import { z } from 'zod';
import { REACTION_MESSAGES as M } from './messages';
import { reactionKindSchema, reactionPostIdSchema } from './schemas';

/** The `type` values of `/set/action` that name a flow or group post: the flow's branch of that shared path. */
export const FLOW_ACTION_TYPES = ['flow', 'group'] as const;

/** `status` 0 (or "delete", "remove") takes the member's reaction back; 1 or missing sets it. */
const statusSchema = z.preprocess(
  (value) => (value === undefined || value === null || value === '' ? 1 : value),
  z.union([z.literal(1), z.literal(0), z.enum(['1', '0', 'set', 'delete', 'remove'])], { error: M.statusInvalid }).transform((status) => !(status === 0 || status === '0' || status === 'delete' || status === 'remove')),
);

/**
 * `/set/action` on a flow or group post (`type` flow or group): `post_id` the post, `action` the
 * reaction (see REACTION_KINDS), `status` whether to set it (1, the default) or take it back (0).
 * Answers `status` 1 when the member's reaction is now `action`, 0 when it was taken back, `action`,
 * `name` (the reaction's Turkish name) and `button` (the control's HTML after the change).
 */
export const legacyFlowActionSchema = z
  .looseObject({
    type: z.enum(FLOW_ACTION_TYPES, { error: M.kindInvalid }),
    post_id: reactionPostIdSchema,
    action: reactionKindSchema,
    status: statusSchema,
  })
  .transform(({ post_id, action, status }) => ({ postId: post_id, kind: action, set: status }));
