import { z } from 'zod';
import { optionalIdSchema } from '../platform/input';
import { sendKeySchema } from '../platform/send-key';
import { PRIVATE_MESSAGE_MESSAGES as M } from './messages';
import { conversationHashSchema, messageCursorSchema, messageTextSchema } from './schemas';

// The private messages' legacy calls (§7), with the seed's field names. A conversation is named
// by `hash`, or by `id`, the other member's id; with both, `id` must be that conversation's other member.

/** A legacy optional hash: missing or empty means none. */
const optionalHash = z.preprocess((value) => (value === undefined || value === null || value === '' ? undefined : value), conversationHashSchema.optional());

/** A legacy flag: 1/0, "1"/"0", "true"/"false", a boolean or nothing. */
const legacyFlag = z.preprocess(
  (value) => (value === undefined || value === null || value === '' ? false : value),
  z.union([z.boolean(), z.literal(1), z.literal(0), z.enum(['1', '0', 'true', 'false', 'on'])], { error: M.signalInvalid }),
).transform((value) => value === true || value === 1 || value === '1' || value === 'true' || value === 'on');

const hashOrRecipient = <T extends { hash?: string; id?: number }>(fields: T, context: z.RefinementCtx) => {
  if (fields.hash === undefined && fields.id === undefined) context.addIssue({ code: 'custom', message: M.recipientRequired });
};

/**
 * `sendMessage` and `/user/send/message`: `message` the text, `hash` the conversation or `id`
 * the recipient (either), `first` set by the send-message modal, `client_key` an optional
 * idempotency key a retry repeats.
 */
export const legacySendMessageSchema = z
  .looseObject({
    message: messageTextSchema,
    hash: optionalHash,
    id: optionalIdSchema(M.recipientNotFound),
    first: legacyFlag,
    client_key: sendKeySchema,
  })
  .superRefine(hashOrRecipient);

/** `/user/get/message`: `hash` the conversation or `id` the other member. */
export const legacyGetConversationSchema = z.looseObject({ hash: optionalHash, id: optionalIdSchema(M.recipientNotFound) }).superRefine(hashOrRecipient);

/** `getMessage`: `hash` the conversation, `id` optionally the last sequence held (the messages after it are answered). */
export const legacyGetMessagesSchema = z.looseObject({
  hash: conversationHashSchema,
  id: z.preprocess((value) => (value === undefined || value === null || value === '' ? 0 : value), messageCursorSchema),
});
