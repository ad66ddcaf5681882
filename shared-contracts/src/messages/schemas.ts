import { z } from 'zod';
import { ACCOUNT_RULES } from '../accounts/rules';
import { boundedString, cleanTypedText, idSchema, rawLengthFor, wholeNumber } from '../platform/input';
import { sendKeySchema } from '../platform/send-key';
import { PRIVATE_MESSAGE_MESSAGES as M } from './messages';
import { CONVERSATION_HASH_PATTERN, MESSAGE_RULES as R } from './rules';

/** Anything a person would see: not only spaces, line breaks or zero-width characters. */
const VISIBLE = /[^\s\u200B-\u200D\u2060\uFEFF]/;

/**
 * A message's text: cleaned as chat and comments are (cleanTypedText), required (something
 * visible) and at most MESSAGE_RULES.maxLength characters, refused on its raw length first.
 * Markup is ordinary text here: it is stored as written and always shown escaped.
 */
export const messageTextSchema = boundedString(M.textRequired, M.textTooLong, rawLengthFor(R.maxLength))
  .transform(cleanTypedText)
  .refine((value) => VISIBLE.test(value), { error: M.textRequired })
  .refine((value) => [...value].length <= R.maxLength, { error: M.textTooLong });

/** A conversation's hash; a malformed one names no conversation (answered as one not found). */
export const conversationHashSchema = boundedString(M.conversationNotFound, M.conversationNotFound, 22).regex(CONVERSATION_HASH_PATTERN, {
  error: M.conversationNotFound,
});

/** A member's username as a path or a `user` parameter names them (looked up ignoring case). */
export const recipientUsernameSchema = boundedString(M.recipientRequired, M.recipientNotFound, ACCOUNT_RULES.usernameMaxLength)
  .trim()
  .min(1, { error: M.recipientRequired })
  .regex(ACCOUNT_RULES.usernamePattern, { error: M.recipientNotFound });

/** The recipient's id (the seed's `id`). */
export const recipientIdSchema = idSchema(M.recipientRequired);

/** A message's sequence in its conversation, as a cursor (0: none). */
export const messageCursorSchema = wholeNumber(M.cursorInvalid, { min: 0, max: Number.MAX_SAFE_INTEGER });

/** POST /api/conversations/:hash/messages */
export const sendPrivateMessageBodySchema = z.object({
  text: messageTextSchema,
  /** The send's idempotency key: a retry with it answers the message already stored. */
  clientKey: sendKeySchema,
});
export type SendPrivateMessageBody = z.input<typeof sendPrivateMessageBodySchema>;

/** POST /api/conversations: the first message to a member (the send-message modal), or a message to one already talked to. */
export const startConversationBodySchema = z.object({
  username: recipientUsernameSchema,
  text: messageTextSchema,
  clientKey: sendKeySchema,
});
export type StartConversationBody = z.input<typeof startConversationBodySchema>;

/**
 * GET /api/conversations/:hash/messages: `before` a sequence for an older page (scroll up),
 * `after` a sequence for the newer ones (catch-up), neither for the newest page. Not both.
 */
export const messagePageQuerySchema = z
  .looseObject({
    before: z.preprocess((value) => (value === '' ? undefined : value), messageCursorSchema.optional()),
    after: z.preprocess((value) => (value === '' ? undefined : value), messageCursorSchema.optional()),
  })
  .refine((query) => query.before === undefined || query.after === undefined, { error: M.cursorInvalid })
  .transform(({ before, after }) => ({ before: before ?? null, after: after ?? null }));

/** POST /api/conversations/:hash/read: read up to `seq` (the newest message shown); none is everything. */
export const markReadBodySchema = z.object({ seq: messageCursorSchema.optional() });

/** GET /api/conversations?q=: a search over the other members' names and the messages. */
export const conversationSearchSchema = z.preprocess(
  (value) => (value === undefined || value === null ? '' : value),
  boundedString(M.searchTooLong, M.searchTooLong, R.searchMaxLength * 8).transform(cleanTypedText).refine((value) => [...value].length <= R.searchMaxLength, {
    error: M.searchTooLong,
  }),
);

/** `conversation.typing`: the member is typing (true) or stopped (false) in the conversation. */
export const conversationTypingCommandSchema = z.object({ hash: conversationHashSchema, typing: z.boolean({ error: M.signalInvalid }) });

/** `conversation.view`: this tab has the conversation open (true, repeated every viewRefreshMs) or closed it (false). */
export const conversationViewCommandSchema = z.object({ hash: conversationHashSchema, viewing: z.boolean({ error: M.signalInvalid }) });
