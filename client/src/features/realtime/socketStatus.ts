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
  on(event: ConnectionEvent, listener: () => void): unknown;
  off(event: ConnectionEvent, listener: () => void): unknown;
}

/**
 * Reports the socket's status now and on every connect, disconnect and failed attempt.
 * Returns the function that stops following it.
 */
export function followSocketStatus(
  socket: ConnectionEvents,
  report: (status: SocketStatus) => void,
): () => void {
  const onConnect = () => report('connected');
  const onDown = () => report('disconnected');
  report(socket.connected ? 'connected' : 'connecting');
  socket.on('connect', onConnect);
  socket.on('disconnect', onDown);
  socket.on('connect_error', onDown);
  return () => {
    socket.off('connect', onConnect);
    socket.off('disconnect', onDown);
    socket.off('connect_error', onDown);
  };
}
