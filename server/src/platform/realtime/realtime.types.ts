import type { ClientToServerEvents, ServerToClientEvents, SocketData } from '@seyirlik/shared-contracts';
import type { Server, Socket } from 'socket.io';

export type RealtimeServer = Server<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;
export type RealtimeSocket = Socket<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;

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
