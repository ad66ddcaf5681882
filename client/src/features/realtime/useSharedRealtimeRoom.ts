import type { RoomName } from '@seyirlik/shared-contracts';
import { useEffect, useRef } from 'react';
import { holdSharedChannel } from '../../lib/sharedChannel';
import { getSocket } from './socket';

/**
 * useRealtimeRoom for a channel several components of a page read at once (holdSharedChannel):
 * keeps the socket in `room` while any of them is mounted; `onJoined` runs after each join, the
 * moment to fetch what a push may have missed while the socket was away.
 */
export function useSharedRealtimeRoom(room: RoomName, onJoined?: () => void): void {
  const onJoinedRef = useRef(onJoined);
  onJoinedRef.current = onJoined;
  useEffect(
    () =>
      holdSharedChannel(getSocket(), room, (state) => {
        if (state.status === 'live') onJoinedRef.current?.();
      }),
    [room],
  );
}
