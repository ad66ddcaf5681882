import { z } from 'zod';
import { boundedString } from '../platform/input';
import { REALTIME_MESSAGES } from './messages';
import { STREAM_RULES } from './streams';

/** Longest channel name a socket may ask for (`content:…`, `room:…`, `post:…`, `flow`); longer names name none. */
const CHANNEL_NAME_MAX_LENGTH = 200;

/** `room.join` and `room.leave`: the channel, named by the `rooms` helpers. Anything else names no channel. */
export const channelRequestSchema = z.object(
  { room: boundedString(REALTIME_MESSAGES.roomUnknown, REALTIME_MESSAGES.roomUnknown, CHANNEL_NAME_MAX_LENGTH) },
  { error: REALTIME_MESSAGES.roomUnknown },
);

/** A `stream.heads` request: the streams whose newest sequence the client wants to know. */
export const streamHeadsRequestSchema = z.object({
  streams: z
    .array(boundedString(REALTIME_MESSAGES.roomUnknown, REALTIME_MESSAGES.roomUnknown, 80), { error: REALTIME_MESSAGES.roomUnknown })
    .max(STREAM_RULES.headsMaxStreams, { error: REALTIME_MESSAGES.roomUnknown, abort: true }),
});
