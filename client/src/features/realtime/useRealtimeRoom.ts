import type { RoomName, ServerToClientEvents } from '@seyirlik/shared-contracts';
import { useEffect, useRef, useState } from 'react';
import { holdChannel, type ChannelLiveState } from '../../lib/channelMembership';
import { getSocket } from './socket';

/**
 * Keeps the page's socket in the channel `room` while mounted (holdChannel): joins now if connected,
 * again after every reconnect, and leaves on unmount. `onJoined` runs after each successful join:
 * the moment to catch up over HTTP from the last sequence seen, since events sent while the socket
 * was away are not replayed. A null room joins nothing.
 */
export function useRealtimeRoom(room: RoomName | null, onJoined?: () => void): ChannelLiveState {
  const [state, setState] = useState<ChannelLiveState>({ status: 'joining' });
  const onJoinedRef = useRef(onJoined);
  onJoinedRef.current = onJoined;

  useEffect(() => {
    if (room === null) return undefined;
    return holdChannel(getSocket(), room, (next) => {
      setState(next);
      if (next.status === 'live') onJoinedRef.current?.();
    });
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
