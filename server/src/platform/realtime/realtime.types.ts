import type { ClientToServerEvents, ServerToClientEvents, SocketData } from '@seyirlik/shared-contracts';
import type { Server, Socket } from 'socket.io';
import type { PackedUserBatch } from './user-batch';

/** One member's payload of an event sent to many members' `user:` channels at once (RealtimeService.toUsers). */
export interface UserDelivery<P = unknown> {
  userId: number;
  payload: P;
}

/** Messages between server processes (Socket.IO's serverSideEmit through the Redis adapter), never seen by clients. */
export interface RealtimeServerSideEvents {
  /** A batch of per-member emits of `event`: each process delivers those of the members it holds sockets of. */
  'realtime.userBatch': (event: string, batch: PackedUserBatch) => void;
}

export type RealtimeServer = Server<ClientToServerEvents, ServerToClientEvents, RealtimeServerSideEvents, SocketData>;
export type RealtimeSocket = Socket<ClientToServerEvents, ServerToClientEvents, RealtimeServerSideEvents, SocketData>;

/**
 * Decides who is behind a socket from its handshake request (the session cookie).
 * Answers the member and session, or null for a visitor; throws to refuse the connection.
 */
export interface SocketIdentityResolver {
  resolve(request: import('node:http').IncomingMessage): Promise<{ userId: number; sessionId: string } | null>;
  /** Of these session ids, the ones still valid now (not ended, not expired); one query. */
  liveSessionIds(sessionIds: string[]): Promise<Set<string>>;
}

export const SOCKET_IDENTITY = Symbol('SOCKET_IDENTITY');

/** Whether this process is a server (HTTP and sockets) or a worker (jobs only). */
export const PROCESS_ROLE = Symbol('PROCESS_ROLE');
