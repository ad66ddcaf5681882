import type { RoomName } from '@seyirlik/shared-contracts';
import { useEffect, useRef, useState } from 'react';
import type { ChannelLiveState } from '../../lib/channelMembership';
import { holdSharedChannel } from '../../lib/sharedChannel';
import { getSocket } from './socket';

/**
 * useRealtimeRoom for a channel several components of a page read at once (holdSharedChannel):
 * keeps the socket in `room` while any of them is mounted; `onJoined` runs after each join, the
 * moment to fetch what a push may have missed while the socket was away. A null room joins nothing.
 */
export function useSharedRealtimeRoom(room: RoomName | null, onJoined?: () => void): ChannelLiveState {
  const [state, setState] = useState<ChannelLiveState>({ status: 'joining' });
  const onJoinedRef = useRef(onJoined);
  onJoinedRef.current = onJoined;
  useEffect(() => {
    if (room === null) return undefined;
    return holdSharedChannel(getSocket(), room, (next) => {
      setState(next);
      if (next.status === 'live') onJoinedRef.current?.();
    });
  }, [room]);
  return state;
}
