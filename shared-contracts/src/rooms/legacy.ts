import { z } from 'zod';
import { legacyFieldsOf } from '../legacy/envelope';
import { sendKeySchema } from '../platform/send-key';
import { chatCursorSchema, chatTextSchema, createRoomBodySchema } from './schemas';

// The rooms' legacy calls on `/ajax/service` (§7), with the seed's field names. `code` is read by
// the rooms service, which answers a malformed code as an unknown room (404), as for the JSON API.

/**
 * The legacy `invite`: an `invite[]` form array, a comma list ("3,5") or a JSON array ("[3,5]");
 * absent or empty is nobody. Anything else is left for the schema to refuse.
 */
function legacyInviteList(value: unknown): unknown {
  if (value === undefined || value === '') return undefined;
  if (typeof value === 'number') return [value];
  if (typeof value !== 'string') return value;
  const text = value.trim();
  if (!text.startsWith('[')) return text.split(',').map((id) => id.trim());
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return value;
  }
}

/** `create_room`: `e_id` the episode, `title`, `invite` the members invited; read as createRoomBodySchema. */
export const legacyCreateRoomSchema = z.preprocess((body) => {
  const fields = legacyFieldsOf(body);
  return { episodeId: fields.e_id, title: fields.title, invite: legacyInviteList(fields.invite) };
}, createRoomBodySchema);

/** `add_chat`: `code` the room, `data` the text, `client_key` an optional idempotency key a retry repeats. */
export const legacyAddChatSchema = z.looseObject({
  data: chatTextSchema,
  client_key: sendKeySchema,
  code: z.unknown().optional(),
});

/** `get_chat` (polled every 5 s): `code` the room, `id` the cursor, the last message's sequence the client has (0 or none for the newest). */
export const legacyGetChatSchema = z.looseObject({
  id: z.preprocess((value) => value ?? 0, chatCursorSchema),
  code: z.unknown().optional(),
});
