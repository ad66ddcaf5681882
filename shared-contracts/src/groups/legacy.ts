import { z } from 'zod';
import { FLOW_MESSAGES } from '../flow/messages';
import { flowPostDraftSchema, type FlowPostDraft } from '../flow/schemas';
import { idSchema } from '../platform/input';
import { groupFieldsSchema, groupIdSchema, memberSearchQuerySchema, type GroupFields } from './schemas';

// The groups' legacy calls (§7), with the seed's field names.

/** Reads the body again with `schema` (its other fields), reporting that schema's first problem. */
function readAlso<T>(schema: z.ZodType<T>, input: unknown, context: z.RefinementCtx): T {
  const parsed = schema.safeParse(input);
  if (parsed.success) return parsed.data;
  context.addIssue({ code: 'custom', message: parsed.error.issues[0]?.message ?? '' });
  return z.NEVER;
}

/** `/group/create`: the group's fields (multipart, cover and poster files as `cover` and `poster`). */
export const legacyGroupCreateSchema = groupFieldsSchema;

/** `/group/update`: `groupId` the group, then its fields as on create (images kept when none is sent). */
export const legacyGroupUpdateSchema = z
  .looseObject({ groupId: groupIdSchema })
  .transform((input, context): GroupFields & { groupId: number } => ({ groupId: input.groupId, ...readAlso(groupFieldsSchema, input, context) }));

/** `/group/delete`: `group_id` the group. */
export const legacyGroupDeleteSchema = z.looseObject({ group_id: groupIdSchema });

/** `/user/search`: `query` the text (from 2 characters), `group_id` the group the owner adds members to. */
export const legacyUserSearchSchema = z.looseObject({ query: memberSearchQuerySchema, group_id: groupIdSchema });

const legacyPostDraftSchema = flowPostDraftSchema({ kind: 'type', text: 'message', question: 'questOrTitle', answers: 'questAnswer', key: 'client_key' });

/**
 * `/set/group/post`: as `/set/flow/post` (`type`, `message` or `questOrTitle` and `questAnswer`,
 * `photo[]`, `client_key`), with `group_id` the group.
 */
export const legacySetGroupPostSchema = z
  .looseObject({ group_id: groupIdSchema })
  .transform((input, context): { groupId: number; draft: FlowPostDraft } => ({ groupId: input.group_id, draft: readAlso(legacyPostDraftSchema, input, context) }));

/** `/group/delete/post` (the `group` branch of `/{type}/delete/post`): `id` the post, of a group or of the public flow. */
export const legacyDeleteGroupPostSchema = z.looseObject({ id: idSchema(FLOW_MESSAGES.postIdInvalid) });
