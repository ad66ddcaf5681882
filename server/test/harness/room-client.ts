import {
  SOCKET_PATH,
  rooms,
  type ChatMessage,
  type ChatPage,
  type ClientToServerEvents,
  type RoomJoinReply,
  type ServerToClientEvents,
} from '@seyirlik/shared-contracts';
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

export interface LadderOptions {
  /** Where the member's browser would reach the site (asked anew for each reconnect and poll). */
  url: () => string;
  cookie: string;
  code: string;
  pollIntervalMs: number;
}

/**
 * A member's chat client in Node running the React client's ladder: live events while the socket
 * is up; while it is down, polls the JSON twin of `get_chat` from the last sequence seen; after
 * each (re)join one catch-up, then polling stops. The cursor is the highest sequence below which
 * nothing is missing, so a message pushed past a gap never hides the gap; a gap seen live is
 * caught up at once. Duplicates are dropped by sequence; `shown` is the chat in display order.
 */
export class LadderClient {
  readonly shown: ChatMessage[] = [];
  readonly pushed = new Set<number>();
  readonly polled = new Set<number>();
  private readonly bySeq = new Map<number, ChatMessage>();
  private cursor = 0;
  private pollTimer: NodeJS.Timeout | null = null;
  private catchingUp: Promise<boolean> | null = null;
  private catchUpAgain = false;
  private stopped = false;
  readonly socket: RoomSocket;
  live = false;

  constructor(private readonly options: LadderOptions) {
    this.socket = io(options.url(), {
      path: SOCKET_PATH,
      transports: ['websocket'],
      extraHeaders: { Cookie: options.cookie },
      reconnectionDelay: 100,
      reconnectionDelayMax: 400,
      randomizationFactor: 0.2,
    });
    this.socket.io.on('reconnect_attempt', () => {
      (this.socket.io as unknown as { uri: string }).uri = this.options.url();
    });
    this.socket.on('connect', () => void this.join());
    this.socket.on('disconnect', () => {
      this.live = false;
      this.startPolling();
    });
    this.socket.on('chat.messageCreated', (message) => {
      this.pushed.add(message.seq);
      this.show(message);
      if (message.seq > this.cursor) void this.catchUp();
    });
    this.startPolling();
  }

  /** The sequences shown, in display order. */
  get shownSeqs(): number[] {
    return this.shown.map((message) => message.seq);
  }

  get polling(): boolean {
    return this.pollTimer !== null;
  }

  /** Cuts a connected socket's transport as a network failure would; the client reconnects by itself. */
  cutConnection(): void {
    if (this.socket.connected) this.socket.io.engine.close();
  }

  stop(): void {
    this.stopped = true;
    this.stopPolling();
    this.socket.close();
  }

  private async join(): Promise<void> {
    try {
      const reply = await this.socket.timeout(3000).emitWithAck('room.join', { room: rooms.chat(this.options.code) });
      if (!reply.ok) return;
      // Live only once caught up; a failed catch-up leaves the polling on.
      if ((await this.catchUp()) && this.socket.connected) {
        this.live = true;
        this.stopPolling();
      }
    } catch {
      // The socket went away while joining; the next connect joins again.
    }
  }

  /**
   * Reads every page after the cursor and answers whether it got to the end; a call while one runs
   * asks for one more round afterwards.
   */
  catchUp(): Promise<boolean> {
    if (this.catchingUp) {
      this.catchUpAgain = true;
      return this.catchingUp;
    }
    this.catchingUp = (async () => {
      do {
        this.catchUpAgain = false;
        let hasMore = true;
        while (hasMore && !this.stopped) {
          const response = await fetch(`${this.options.url()}/api/rooms/${this.options.code}/messages?after=${this.cursor}`, {
            headers: { Cookie: this.options.cookie },
          }).catch(() => null);
          if (!response?.ok) return false;
          const page = (await response.json()) as ChatPage;
          for (const message of page.messages) {
            this.polled.add(message.seq);
            this.show(message);
          }
          hasMore = page.hasMore;
        }
      } while (this.catchUpAgain && !this.stopped);
      return !this.stopped;
    })().finally(() => {
      this.catchingUp = null;
    });
    return this.catchingUp;
  }

  private show(message: ChatMessage): void {
    if (this.bySeq.has(message.seq)) return;
    this.bySeq.set(message.seq, message);
    const index = this.shown.findIndex((shown) => shown.seq > message.seq);
    if (index < 0) this.shown.push(message);
    else this.shown.splice(index, 0, message);
    while (this.bySeq.has(this.cursor + 1)) this.cursor += 1;
  }

  private startPolling(): void {
    if (this.pollTimer || this.stopped) return;
    this.pollTimer = setInterval(() => void this.catchUp(), this.options.pollIntervalMs);
  }

  private stopPolling(): void {
    if (this.pollTimer) clearInterval(this.pollTimer);
    this.pollTimer = null;
  }
}
