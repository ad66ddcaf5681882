import { z } from 'zod';
import { ROOM_MESSAGES as M } from './messages';
import { ROOM_CODE_PATTERN, ROOM_CONTROL_MODES, ROOM_RULES as R } from './rules';

const positiveId = (message: string) =>
  z.coerce.number({ error: message }).int({ error: message }).min(1, { error: message }).max(2_147_483_647, { error: message });

/** Text a person typed in one line or many: no control characters but line breaks, trimmed. */
const typedText = (required: string, tooLong: string, max: number) =>
  z
    .string({ error: required })
    .transform((value) => value.replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F\uFFFD]/g, '').trim())
    .refine((value) => value.length > 0, { error: required })
    .refine((value) => [...value].length <= max, { error: tooLong });

export const roomCodeSchema = z.string({ error: M.roomCodeInvalid }).regex(ROOM_CODE_PATTERN, { error: M.roomCodeInvalid });
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
export const chatCursorSchema = z.coerce
  .number({ error: M.cursorInvalid })
  .int({ error: M.cursorInvalid })
  .min(0, { error: M.cursorInvalid })
  .max(Number.MAX_SAFE_INTEGER, { error: M.cursorInvalid });

/** POST /api/rooms */
export const createRoomBodySchema = z.object({
  episodeId: roomEpisodeIdSchema,
  title: roomTitleSchema,
  invite: inviteListSchema.default([]),
  controlMode: controlModeSchema.default('creator'),
});
export type CreateRoomBody = z.input<typeof createRoomBodySchema>;

/** POST /api/rooms/:code/messages */
export const sendChatBodySchema = z.object({ text: chatTextSchema });

export const PLAYBACK_ACTIONS = ['play', 'pause', 'seek'] as const;
export type PlaybackAction = (typeof PLAYBACK_ACTIONS)[number];

/** POST /api/rooms/:code/playback, and the `room.playback` socket command. */
export const playbackCommandSchema = z.object({
  action: z.enum(PLAYBACK_ACTIONS, { error: M.playbackInvalid }),
  positionSeconds: z.number({ error: M.playbackInvalid }).min(0, { error: M.playbackInvalid }).max(86_400, { error: M.playbackInvalid }),
});
export type PlaybackCommand = z.infer<typeof playbackCommandSchema>;
