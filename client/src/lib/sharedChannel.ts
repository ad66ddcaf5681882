import type { RoomName } from '@seyirlik/shared-contracts';
import { holdChannel, type ChannelLiveState, type RealtimeSocket } from './channelMembership';

interface SharedHold {
  listeners: Set<(state: ChannelLiveState) => void>;
  state: ChannelLiveState;
  release: () => void;
}

const holdsBySocket = new WeakMap<RealtimeSocket, Map<string, SharedHold>>();

/**
 * holdChannel for several parts of a page that read one channel (a post's poll and its reactions
 * both read `post:{id}`): the socket joins once, every holder hears each state (the current one at
 * once), and it leaves only when the last holder lets go.
 */
export function holdSharedChannel(socket: RealtimeSocket, channel: RoomName, onState: (state: ChannelLiveState) => void): () => void {
  const holds = holdsBySocket.get(socket) ?? new Map<string, SharedHold>();
  holdsBySocket.set(socket, holds);
  let hold = holds.get(channel);
  if (hold) {
    hold.listeners.add(onState);
    onState(hold.state);
  } else {
    const created: SharedHold = { listeners: new Set([onState]), state: { status: 'joining' }, release: () => undefined };
    holds.set(channel, created);
    created.release = holdChannel(socket, channel, (state) => {
      created.state = state;
      created.listeners.forEach((listener) => listener(state));
    });
    hold = created;
  }
  const shared = hold;
  return () => {
    shared.listeners.delete(onState);
    if (shared.listeners.size > 0) return;
    holds.delete(channel);
    shared.release();
  };
}
