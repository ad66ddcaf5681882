import { io, type Socket } from 'socket.io-client';
import {
  SOCKET_PATH,
  type ClientToServerEvents,
  type ServerToClientEvents,
} from '@seyirlik/shared-contracts';

export type AppSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

let socket: AppSocket | undefined;

/**
 * The page's one Socket.IO connection, to the origin that served the page (the session cookie
 * goes along). Created on first use; `useRealtimeConnection` connects and disconnects it.
 */
export function getSocket(): AppSocket {
  socket ??= io({ path: SOCKET_PATH, withCredentials: true, autoConnect: false });
  return socket;
}

/**
 * Closes and reopens the connection, so the server reads the session cookie again: after a login,
 * a logout or the end of the session the socket belongs to the new member (or to a visitor).
 */
export function reconnectSocket(): void {
  getSocket().disconnect().connect();
}
