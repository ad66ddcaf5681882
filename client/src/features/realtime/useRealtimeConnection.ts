import { useSetAtom } from 'jotai';
import { useEffect } from 'react';
import type { Socket } from 'socket.io-client';
import { getSocket } from './socket';
import { followSocketStatus, socketStatusAtom } from './socketStatus';

/** Pause before reconnecting after the server closed the connection, so a refusing server is not hammered. */
export const SERVER_DISCONNECT_RETRY_MS = 1000;

/** Connects the page's socket while the app is mounted and keeps `socketStatusAtom` in step with it. */
export function useRealtimeConnection(): void {
  const setStatus = useSetAtom(socketStatusAtom);
  useEffect(() => {
    const socket = getSocket();
    const stopFollowing = followSocketStatus(socket, setStatus);
    let retry: ReturnType<typeof setTimeout> | undefined;
    // A server that shuts down or restarts closes its sockets with this reason, and Socket.IO
    // only retries lost transports by itself; later attempts back off inside Socket.IO.
    const reconnectAfterServerDisconnect = (reason: Socket.DisconnectReason) => {
      if (reason === 'io server disconnect') {
        retry = setTimeout(() => socket.connect(), SERVER_DISCONNECT_RETRY_MS);
      }
    };
    socket.on('disconnect', reconnectAfterServerDisconnect);
    socket.connect();
    return () => {
      clearTimeout(retry);
      socket.off('disconnect', reconnectAfterServerDisconnect);
      stopFollowing();
      socket.disconnect();
    };
  }, [setStatus]);
}
