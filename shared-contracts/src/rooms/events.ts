import type { ChatMessage, PlaybackState, RoomMember } from './api';
import type { PlaybackCommand } from './schemas';

/** Pushed to `room:{code}` after the change committed. */
export interface RoomServerEvents {
  'chat.messageCreated': (message: ChatMessage) => void;
  /** Who has the room open right now, across every server process. */
  'room.presenceChanged': (payload: { code: string; online: RoomMember[] }) => void;
  'room.typingChanged': (payload: { code: string; member: RoomMember; typing: boolean }) => void;
  'room.playbackChanged': (payload: { code: string; playback: PlaybackState }) => void;
}

export type PlaybackReply = { ok: true; playback: PlaybackState } | { ok: false; message: string };

export interface RoomClientEvents {
  /** The member is typing (true) or stopped (false) in a room its socket joined. */
  'room.typing': (payload: { code: string; typing: boolean }) => void;
  /** Play, pause or seek for everyone; refused without control. */
  'room.playback': (payload: { code: string } & PlaybackCommand, ack: (reply: PlaybackReply) => void) => void;
}
