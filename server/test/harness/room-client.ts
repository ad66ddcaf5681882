import {
  SOCKET_PATH,
  rooms,
  streams,
  type ChatMessage,
  type ChatPage,
  type ClientToServerEvents,
  type RoomJoinReply,
  type ServerToClientEvents,
} from '@seyirlik/shared-contracts';
import { io, type ManagerOptions, type Socket, type SocketOptions } from 'socket.io-client';
import { SequencedStream } from '../../../client/src/lib/sequencedStream';

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

export interface ChatStreamClientOptions {
  /** Where the member's browser would reach the site (asked anew for each reconnect and poll). */
  url: () => string;
  cookie: string;
  code: string;
  pollIntervalMs: number;
  /** The heartbeat's period; the client's own by default. */
  headsIntervalMs?: number;
}

/**
 * A member's browser tab in Node with the room's chat: a reconnecting socket.io client and the
 * React client's own stream driver (`SequencedStream` from client/src/lib) over it, fetching the
 * JSON twin of `get_chat` with the member's cookie. It only records how each message came
 * (`pushed`, `polled`); what is shown, when it polls and when it catches up is the shipped code's.
 */
export class ChatStreamClient {
  readonly pushed = new Set<number>();
  readonly polled = new Set<number>();
  readonly socket: RoomSocket;
  private readonly stream: SequencedStream<'chat.messageCreated', ChatMessage>;

  constructor(options: ChatStreamClientOptions) {
    const { code, cookie } = options;
    this.socket = io(options.url(), {
      path: SOCKET_PATH,
      transports: ['websocket'],
      extraHeaders: { Cookie: cookie },
      reconnectionDelay: 100,
      reconnectionDelayMax: 400,
      randomizationFactor: 0.2,
    });
    this.socket.io.on('reconnect_attempt', () => {
      (this.socket.io as unknown as { uri: string }).uri = options.url();
    });
    this.socket.on('chat.messageCreated', (message) => {
      if (message.roomCode === code) this.pushed.add(message.seq);
    });
    this.stream = new SequencedStream({
      socket: this.socket,
      channel: rooms.chat(code),
      stream: streams.roomChat(code),
      event: 'chat.messageCreated',
      itemOf: (message) => (message.roomCode === code ? message : null),
      fetchAfter: async (after) => {
        const response = await fetch(`${options.url()}/api/rooms/${code}/messages?after=${after}`, { headers: { Cookie: cookie } });
        if (!response.ok) throw new Error(`messages after ${after}: ${response.status}`);
        const page = (await response.json()) as ChatPage;
        for (const message of page.messages) this.polled.add(message.seq);
        return { items: page.messages, hasMore: page.hasMore };
      },
      pollIntervalMs: options.pollIntervalMs,
      headsIntervalMs: options.headsIntervalMs,
    });
    this.stream.start();
  }

  /** The chat in display order. */
  get shown(): readonly ChatMessage[] {
    return this.stream.snapshot.log.items;
  }

  get shownSeqs(): number[] {
    return this.shown.map((message) => message.seq);
  }

  get live(): boolean {
    return this.stream.snapshot.live.status === 'live';
  }

  get polling(): boolean {
    return this.stream.polling;
  }

  /** Cuts a connected socket's transport as a network failure would; the client reconnects by itself. */
  cutConnection(): void {
    if (this.socket.connected) this.socket.io.engine.close();
  }

  stop(): void {
    this.stream.stop();
    this.socket.close();
  }
}
