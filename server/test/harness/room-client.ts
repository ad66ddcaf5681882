import { SOCKET_PATH, rooms, type ClientToServerEvents, type RoomJoinReply, type ServerToClientEvents } from '@seyirlik/shared-contracts';
import { io, type ManagerOptions, type Socket, type SocketOptions } from 'socket.io-client';

export type RoomSocket = Socket<ServerToClientEvents, ClientToServerEvents>;
type EventPayload<E extends keyof ServerToClientEvents> = Parameters<ServerToClientEvents[E]>[0];

/** A socket.io client of a member (its session cookie) or a visitor, connected; refused handshakes reject. */
export async function connectSocket(url: string, cookie?: string, options: Partial<ManagerOptions & SocketOptions> = {}): Promise<RoomSocket> {
  const socket: RoomSocket = io(url, {
    path: SOCKET_PATH,
    transports: ['websocket'],
    reconnection: false,
    extraHeaders: cookie ? { Cookie: cookie } : {},
    ...options,
  });
  await new Promise<void>((resolveConnect, reject) => {
    socket.once('connect', () => resolveConnect());
    socket.once('connect_error', (error) => {
      socket.close();
      reject(error);
    });
  });
  return socket;
}

/**
 * A browser tab's socket in Node: it reconnects by itself, quickly, each time to where `url()`
 * says the site is now (a load balancer's pick), with the member's cookie.
 */
export function reconnectingSocket(url: () => string, cookie: string): RoomSocket {
  const socket: RoomSocket = io(url(), {
    path: SOCKET_PATH,
    transports: ['websocket'],
    extraHeaders: { Cookie: cookie },
    reconnectionDelay: 100,
    reconnectionDelayMax: 400,
    randomizationFactor: 0.2,
  });
  socket.io.on('reconnect_attempt', () => {
    (socket.io as unknown as { uri: string }).uri = url();
  });
  return socket;
}

export function joinRoom(socket: RoomSocket, code: string): Promise<RoomJoinReply> {
  return socket.timeout(5000).emitWithAck('room.join', { room: rooms.chat(code) });
}

/** Every payload of `event` the socket receives from now on, in arrival order. */
export function collect<E extends keyof ServerToClientEvents>(socket: RoomSocket, event: E): Array<EventPayload<E>> {
  const seen: Array<EventPayload<E>> = [];
  socket.on(event, ((payload: EventPayload<E>) => seen.push(payload)) as never);
  return seen;
}

/** Probes until `accept` holds or the time is up; answers the last value either way. */
export async function eventually<T>(probe: () => T | Promise<T>, accept: (value: T) => boolean, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (accept(value) || Date.now() > deadline) return value;
    await new Promise((resolveWait) => setTimeout(resolveWait, 50));
  }
}

/** Waits `ms` and answers whether nothing of `event` arrived meanwhile. */
export function nothingWithin(socket: RoomSocket, event: keyof ServerToClientEvents, ms: number): Promise<boolean> {
  return new Promise((resolveWait) => {
    const listener = () => {
      clearTimeout(timer);
      resolveWait(false);
    };
    const timer = setTimeout(() => {
      socket.off(event, listener);
      resolveWait(true);
    }, ms);
    socket.once(event, listener);
  });
}
