/**
 * The typed event maps of the Socket.IO connection. Event names are `domain.pastTense`
 * for server pushes and `domain.verb` for client requests. Later features add their events here.
 */

import type { SessionUser } from '../accounts/schemas';
import type { RoomClientEvents, RoomServerEvents } from '../rooms/events';
import type { CommentServerEvents, TimedCommentServerEvents } from '../comments/events';
import type { PrivateMessageClientEvents, PrivateMessageServerEvents } from '../messages/events';
import type { NotificationServerEvents } from '../notifications/events';
import type { FlowServerEvents } from '../flow/events';
import type { PostCountsServerEvents } from '../reactions/events';
import type { GroupServerEvents } from '../groups/events';
import type { SkipSegmentServerEvents } from '../skip-segments/events';
import type { StreamHeadsReply } from './streams';

/** Why the server ended a socket's session. */
export type SessionEndReason = 'logout' | 'password-changed' | 'password-reset' | 'expired';

export interface ServerToClientEvents extends RoomServerEvents, CommentServerEvents, TimedCommentServerEvents, NotificationServerEvents, PrivateMessageServerEvents,
    PostCountsServerEvents, FlowServerEvents, GroupServerEvents, SkipSegmentServerEvents {
  /** The member's session ended on some server process; the client forgets the user and reconnects anonymously. */
  'session.ended': (payload: { reason: SessionEndReason }) => void;
  /** The member's name or avatar changed (in another tab, or when an avatar finished processing). */
  'account.updated': (user: SessionUser) => void;
}

/** The answer to `room.join`: joined, or refused with a Turkish reason. */
export type RoomJoinReply = { ok: true } | { ok: false; message: string };

export interface ClientToServerEvents extends RoomClientEvents, PrivateMessageClientEvents {
  /**
   * Joins a room named by the `rooms` helpers (`content:…`, `room:…`, `post:…`, `group:…`, `flow`), after the
   * server checked that the socket's member (or visitor) may read it. `user:` and `session:` rooms
   * are joined by the server at the handshake: asking for the member's own `user:` channel confirms
   * it (a stream read on it joins like any other), anyone else's is refused, a `session:` room is
   * unknown. A socket joins again after
   * every reconnect (`useRealtimeRoom` in the client does).
   */
  'room.join': (payload: { room: string }, ack: (reply: RoomJoinReply) => void) => void;
  /** Leaves a room joined with `room.join`; unknown rooms are ignored. */
  'room.leave': (payload: { room: string }) => void;

  /**
   * The heartbeat of a live client: the newest sequence of each listed stream (named by the
   * `streams` helpers) the socket may read, so a push that never came is noticed without a later
   * one. Asked every STREAM_RULES.headsIntervalMs while live.
   */
  'stream.heads': (payload: { streams: string[] }, ack: (reply: StreamHeadsReply) => void) => void;

  /**
   * Clock sampling: the server acknowledges with its own time in epoch milliseconds.
   * Clients estimate their offset from a few round trips (synced playback relies on it).
   */
  'clock.ping': (ack: (reply: { serverTime: number }) => void) => void;
}

/** Per-socket data the server keeps after the handshake. */
export interface SocketData {
  /** The member behind the socket, or null for a visitor. */
  userId: number | null;
  /** The login session the socket was opened with, or null for a visitor. */
  sessionId: string | null;
}

/** Socket.IO's path, shared so the client and the server agree. */
export const SOCKET_PATH = '/socket.io';
