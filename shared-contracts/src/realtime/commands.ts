import { z } from 'zod';
import { boundedString } from '../platform/input';
import { REALTIME_MESSAGES } from './messages';

/** Longest channel name a socket may ask for (`content:…`, `room:…`, `post:…`, `flow`); longer names name none. */
const CHANNEL_NAME_MAX_LENGTH = 200;

/** `room.join` and `room.leave`: the channel, named by the `rooms` helpers. Anything else names no channel. */
export const channelRequestSchema = z.object(
  { room: boundedString(REALTIME_MESSAGES.roomUnknown, REALTIME_MESSAGES.roomUnknown, CHANNEL_NAME_MAX_LENGTH) },
  { error: REALTIME_MESSAGES.roomUnknown },
);
