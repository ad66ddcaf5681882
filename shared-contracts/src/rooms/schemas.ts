import { z } from 'zod';
import { boundedString, cleanTypedText, idSchema, rawLengthFor, wholeNumber } from '../platform/input';
import { sendKeySchema } from '../platform/send-key';
import { ROOM_MESSAGES as M } from './messages';
import { ROOM_CODE_PATTERN, ROOM_CONTROL_MODES, ROOM_RULES as R } from './rules';

const positiveId = idSchema;

/** Text a person typed in one line or many, cleaned as comments are (cleanTypedText), refused on its raw length first. */
const typedText = (required: string, tooLong: string, max: number) =>
  boundedString(required, tooLong, rawLengthFor(max))
    .transform(cleanTypedText)
    .refine((value) => value.length > 0, { error: required })
    .refine((value) => [...value].length <= max, { error: tooLong });

export const roomCodeSchema = boundedString(M.roomCodeInvalid, M.roomCodeInvalid, 12).regex(ROOM_CODE_PATTERN, { error: M.roomCodeInvalid });
export const roomTitleSchema = typedText(M.titleRequired, M.titleTooLong, R.titleMaxLength);
export const chatTextSchema = typedText(M.messageEmpty, M.messageTooLong, R.messageMaxLength);
export const roomEpisodeIdSchema = positiveId(M.episodeRequired);
export const controlModeSchema = z.enum(ROOM_CONTROL_MODES, { error: M.controlModeInvalid });

/** Invited member ids, distinct; the creator's own id is dropped by the service. */
export const inviteListSchema = z
  .array(positiveId(M.inviteInvalid), { error: M.inviteInvalid })
  .max(R.inviteMax, { error: M.inviteTooMany })
  .transform((ids) => [...new Set(ids)]);

/** A `get_chat` cursor: the last sequence the client has (0 for none). */
export const chatCursorSchema = wholeNumber(M.cursorInvalid, { min: 0, max: Number.MAX_SAFE_INTEGER });

/** POST /api/rooms */
export const createRoomBodySchema = z.object({
  episodeId: roomEpisodeIdSchema,
  title: roomTitleSchema,
  invite: inviteListSchema.default([]),
  controlMode: controlModeSchema.default('creator'),
});
export type CreateRoomBody = z.input<typeof createRoomBodySchema>;

/** POST /api/rooms/:code/messages */
export const sendChatBodySchema = z.object({
  text: chatTextSchema,
  /** The send's idempotency key: a retry with it answers the message already stored. */
  clientKey: sendKeySchema,
});
export type SendChatBody = z.input<typeof sendChatBodySchema>;

export const PLAYBACK_ACTIONS = ['play', 'pause', 'seek'] as const;
export type PlaybackAction = (typeof PLAYBACK_ACTIONS)[number];

/** POST /api/rooms/:code/playback, and the `room.playback` socket command. */
export const playbackCommandSchema = z.object({
  action: z.enum(PLAYBACK_ACTIONS, { error: M.playbackInvalid }),
  positionSeconds: z.number({ error: M.playbackInvalid }).min(0, { error: M.playbackInvalid }).max(86_400, { error: M.playbackInvalid }),
});
export type PlaybackCommand = z.infer<typeof playbackCommandSchema>;

/** `room.typing`: the member is typing (true) or stopped (false) in the room `code`. */
export const roomTypingCommandSchema = z.object({ code: roomCodeSchema, typing: z.boolean() });

/** `room.playback`: a playback command for the room `code`. */
export const roomPlaybackCommandSchema = playbackCommandSchema.extend({ code: roomCodeSchema });
