import { atom, useAtomValue } from 'jotai';

export type SocketStatus = 'connecting' | 'connected' | 'disconnected';

export const socketStatusAtom = atom<SocketStatus>('connecting');

export function useSocketStatus(): SocketStatus {
  return useAtomValue(socketStatusAtom);
}

type ConnectionEvent = 'connect' | 'disconnect' | 'connect_error';

/** The part of a Socket.IO socket whose events decide the status. */
export interface ConnectionEvents {
  readonly connected: boolean;
  on(event: ConnectionEvent, listener: (reason?: string) => void): unknown;
  off(event: ConnectionEvent, listener: (reason?: string) => void): unknown;
}

/** Socket.IO's reason when the page itself closed the connection, which it does only to reopen it. */
const CLOSED_BY_CLIENT = 'io client disconnect';

/**
 * Reports the socket's status now and on every connect, disconnect and failed attempt.
 * A connection the page closes itself (to reconnect after a login or logout) is "connecting",
 * not a lost connection. Returns the function that stops following it.
 */
export function followSocketStatus(
  socket: ConnectionEvents,
  report: (status: SocketStatus) => void,
): () => void {
  const onConnect = () => report('connected');
  const onDisconnect = (reason?: string) =>
    report(reason === CLOSED_BY_CLIENT ? 'connecting' : 'disconnected');
  const onError = () => report('disconnected');
  report(socket.connected ? 'connected' : 'connecting');
  socket.on('connect', onConnect);
  socket.on('disconnect', onDisconnect);
  socket.on('connect_error', onError);
  return () => {
    socket.off('connect', onConnect);
    socket.off('disconnect', onDisconnect);
    socket.off('connect_error', onError);
  };
}
