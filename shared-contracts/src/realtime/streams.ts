import { LIMITS } from '../platform/limits';

/**
 * Stream names: what a per-stream sequence (`stream_sequence`) numbers, and what a client keeps a
 * cursor for. A stream is apart from the channels it is delivered on (the `rooms` helpers): a
 * room's chat is numbered as `room-chat:{code}` and pushed to the channel `room:{code}`; a
 * conversation is numbered once as `conversation:{hash}` and pushed to both members' `user:{id}`
 * channels. Server and client build stream names only through these helpers.
 */
export const streams = {
  /** The chat messages of a watch-together room. */
  roomChat: (code: string) => `room-chat:${code}` as const,
  /** The private messages between two members, under the conversation's hash. */
  conversation: (hash: string) => `conversation:${hash}` as const,
  /** A member's notifications. */
  notifications: (userId: number | string) => `notifications:${userId}` as const,
  /** The reaction and poll counts of a flow or group post. */
  postCounts: (postId: number | string) => `post-counts:${postId}` as const,
};

export type StreamName = ReturnType<(typeof streams)[keyof typeof streams]>;

export type StreamKind = 'room-chat' | 'conversation' | 'notifications' | 'post-counts';

const STREAM_PATTERN = /^(room-chat|conversation|notifications|post-counts):([A-Za-z0-9_-]{1,64})$/;

/** Splits a stream name into its kind and key, or returns null for anything that is not a stream name. */
export function parseStream(name: string): { kind: StreamKind; key: string } | null {
  const match = STREAM_PATTERN.exec(name);
  return match ? { kind: match[1] as StreamKind, key: match[2]! } : null;
}

/** Timings of every client stream, shared by the server and the client. */
export const STREAM_RULES = {
  /** While its socket is down, a client fetches each stream after its cursor this often (seed §9, as `get_chat`). */
  pollIntervalMs: LIMITS.chatPollIntervalMs,
  /** While live, a client asks for the newest sequence of its streams this often, to catch a push that never came. */
  headsIntervalMs: 5_000,
  /** Streams one `stream.heads` request may list. */
  headsMaxStreams: 20,
} as const;

/**
 * The answer to `stream.heads`: the newest sequence of each asked stream the socket may read (one
 * of the stream's channels is joined); a stream never written yet answers 0, others are left out.
 */
export interface StreamHeadsReply {
  heads: Record<string, number>;
}
