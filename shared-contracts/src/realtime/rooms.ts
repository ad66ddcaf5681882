/**
 * Channel names: the Socket.IO rooms events are delivered on (a Socket.IO room is a channel here;
 * "room" alone is the watch-together room). Server and client build them only through these
 * helpers, so a channel is spelled one way everywhere. What a sequence numbers is a stream, named
 * by the `streams` helpers: a channel carries events of one or more streams.
 */
export const rooms = {
  /** A member's own stream: notifications, private messages, session events. */
  user: (userId: number | string) => `user:${userId}` as const,
  /** The sockets of one login session, so logging out drops exactly that browser's sockets. */
  session: (sessionId: number | string) => `session:${sessionId}` as const,
  /** A watch-together room's channel: its chat (stream `streams.roomChat`), playback, presence and typing. */
  chat: (code: string) => `room:${code}` as const,
  /** Everyone viewing a title or an episode page: comments and likes. */
  content: (contentId: number | string) => `content:${contentId}` as const,
  /** Everyone viewing a flow or group post: reactions and poll results. */
  post: (postId: number | string) => `post:${postId}` as const,
  /** A group's posts: new, changed and deleted posts, and the group's own changes (readers of its posts only). */
  group: (groupId: number | string) => `group:${groupId}` as const,
  /** The community flow. */
  flow: 'flow' as const,
};

export type RoomName =
  | ReturnType<typeof rooms.user>
  | ReturnType<typeof rooms.session>
  | ReturnType<typeof rooms.chat>
  | ReturnType<typeof rooms.content>
  | ReturnType<typeof rooms.post>
  | ReturnType<typeof rooms.group>
  | typeof rooms.flow;

const ROOM_PATTERN = /^(?:(user|room|content|post|group):([A-Za-z0-9_-]{1,64})|flow)$/;

/** Splits a room name into its kind and key, or returns null for anything that is not a room name. */
export function parseRoom(
  name: string,
): { kind: 'user' | 'room' | 'content' | 'post' | 'group' | 'flow'; key: string } | null {
  const match = ROOM_PATTERN.exec(name);
  if (!match) return null;
  if (!match[1]) return { kind: 'flow', key: '' };
  return { kind: match[1] as 'user' | 'room' | 'content' | 'post' | 'group', key: match[2]! };
}
