import type { ClientToServerEvents, RoomName, ServerToClientEvents } from '@seyirlik/shared-contracts';
import type { Socket } from 'socket.io-client';

/**
 * The one Socket.IO connection of a page (or of a test's simulated browser): the part of a
 * Socket.IO socket the app uses, which the page's socket provides before Socket.IO has loaded.
 */
export type RealtimeSocket = Pick<Socket<ServerToClientEvents, ClientToServerEvents>, 'connected' | 'on' | 'off' | 'emit' | 'connect' | 'disconnect'>;

/** Where a client stands with a channel: joining, receiving live, cut off (poll meanwhile), or not allowed in. */
export type ChannelLiveState =
  | { status: 'joining' }
  | { status: 'live' }
  | { status: 'offline' }
  | { status: 'refused'; message: string };

/**
 * Keeps `socket` in `channel` until the returned function is called: joins now if connected, again
 * after every reconnect (a new connection starts in no channel), and leaves at the end. `onState`
 * hears every change, the current one at once; `live` comes after each successful join, the moment
 * to catch up over HTTP from the last sequence held, since events sent while the socket was away are
 * not replayed.
 */
export function holdChannel(socket: RealtimeSocket, channel: RoomName, onState: (state: ChannelLiveState) => void): () => void {
  let held = true;
  const join = () => {
    onState({ status: 'joining' });
    socket.emit('room.join', { room: channel }, (reply) => {
      // An answer that comes after the socket dropped is old news: the next connect joins again.
      if (!held || !socket.connected) return;
      onState(reply.ok ? { status: 'live' } : { status: 'refused', message: reply.message });
    });
  };
  const onDisconnect = () => onState({ status: 'offline' });
  socket.on('connect', join);
  socket.on('disconnect', onDisconnect);
  if (socket.connected) join();
  else onState({ status: 'offline' });
  return () => {
    held = false;
    socket.off('connect', join);
    socket.off('disconnect', onDisconnect);
    if (socket.connected) socket.emit('room.leave', { room: channel });
  };
}
