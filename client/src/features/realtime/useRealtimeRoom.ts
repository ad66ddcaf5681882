import type { RoomName, ServerToClientEvents } from '@seyirlik/shared-contracts';
import { useEffect, useRef, useState } from 'react';
import { getSocket } from './socket';

/** Where a page stands with its room: joining, receiving live, cut off (poll meanwhile), or not allowed in. */
export type RoomLiveState =
  | { status: 'joining' }
  | { status: 'live' }
  | { status: 'offline' }
  | { status: 'refused'; message: string };

/**
 * Keeps the page's socket in `room` while mounted: joins now if connected, again after every
 * reconnect (a new connection starts in no room), and leaves on unmount. `onJoined` runs after each
 * successful join: the moment to catch up over HTTP from the last sequence seen, since events sent
 * while the socket was away are not replayed. A null room joins nothing.
 */
export function useRealtimeRoom(room: RoomName | null, onJoined?: () => void): RoomLiveState {
  const [state, setState] = useState<RoomLiveState>({ status: 'joining' });
  const onJoinedRef = useRef(onJoined);
  onJoinedRef.current = onJoined;

  useEffect(() => {
    if (room === null) return undefined;
    const socket = getSocket();
    let mounted = true;
    const join = () => {
      setState({ status: 'joining' });
      socket.emit('room.join', { room }, (reply) => {
        if (!mounted) return;
        if (reply.ok) {
          setState({ status: 'live' });
          onJoinedRef.current?.();
        } else {
          setState({ status: 'refused', message: reply.message });
        }
      });
    };
    const onDisconnect = () => setState({ status: 'offline' });
    socket.on('connect', join);
    socket.on('disconnect', onDisconnect);
    if (socket.connected) join();
    else setState({ status: 'offline' });
    return () => {
      mounted = false;
      socket.off('connect', join);
      socket.off('disconnect', onDisconnect);
      if (socket.connected) socket.emit('room.leave', { room });
    };
  }, [room]);

  return state;
}

/** Calls the latest `listener` for each `event` the server pushes while mounted. */
export function useRealtimeEvent<E extends keyof ServerToClientEvents>(event: E, listener: ServerToClientEvents[E]): void {
  const listenerRef = useRef(listener);
  listenerRef.current = listener;
  useEffect(() => {
    const socket = getSocket();
    const forward = ((...args: Parameters<ServerToClientEvents[E]>) =>
      (listenerRef.current as (...a: Parameters<ServerToClientEvents[E]>) => void)(...args)) as never;
    socket.on(event, forward);
    return () => {
      socket.off(event, forward);
    };
  }, [event]);
}
