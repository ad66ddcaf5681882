import { SOCKET_PATH } from '@seyirlik/shared-contracts';
import type { Socket } from 'socket.io-client';
import type { RealtimeSocket } from '../../lib/channelMembership';

export type AppSocket = RealtimeSocket;

type Listener = (...args: never[]) => void;

/** What DeferredSocket asks of the socket it stands for, event names unchecked (the caller's types check them). */
interface RealSocket {
  readonly connected: boolean;
  on(event: string, listener: Listener): unknown;
  off(event: string, listener: Listener): unknown;
  emit(event: string, ...args: unknown[]): unknown;
  connect(): unknown;
  disconnect(): unknown;
}

/**
 * The page's socket before Socket.IO's code has arrived: Socket.IO is not needed to draw a page,
 * so it is loaded on first use (after the first render, when the app connects) instead of in the
 * first bundle every visitor waits for. Until then the socket is not connected, as after a lost
 * connection: live features read over HTTP meanwhile. Listeners, messages and a connect asked for
 * before it arrives are handed to the real socket, in order, as soon as it does; afterwards every
 * call goes straight to it.
 */
export class DeferredSocket {
  private real: RealSocket | null = null;
  private loading: Promise<void> | null = null;
  private readonly listeners: Array<[string, Listener]> = [];
  private readonly emits: Array<[string, unknown[]]> = [];
  private connectAsked = false;

  constructor(private readonly create: () => Promise<RealSocket>) {}

  get connected(): boolean {
    return this.real?.connected ?? false;
  }

  on(event: string, listener: Listener): this {
    if (this.real) this.real.on(event, listener);
    else this.listeners.push([event, listener]);
    this.load();
    return this;
  }

  off(event: string, listener: Listener): this {
    if (this.real) {
      this.real.off(event, listener);
    } else {
      const at = this.listeners.findIndex(([name, held]) => name === event && held === listener);
      if (at !== -1) this.listeners.splice(at, 1);
    }
    return this;
  }

  emit(event: string, ...args: unknown[]): this {
    if (this.real) this.real.emit(event, ...args);
    else this.emits.push([event, args]);
    this.load();
    return this;
  }

  connect(): this {
    if (this.real) this.real.connect();
    else this.connectAsked = true;
    this.load();
    return this;
  }

  disconnect(): this {
    if (this.real) this.real.disconnect();
    else this.connectAsked = false;
    return this;
  }

  /** Loads Socket.IO once; a failed load (the network) is tried again at the next call. */
  private load(): void {
    if (this.real || this.loading) return;
    this.loading = this.create().then(
      (real) => {
        for (const [event, listener] of this.listeners.splice(0)) real.on(event, listener);
        this.real = real;
        // Socket.IO keeps what is emitted while it is not connected and sends it once it is.
        for (const [event, args] of this.emits.splice(0)) real.emit(event, ...args);
        if (this.connectAsked) real.connect();
      },
      () => {
        this.loading = null;
      },
    );
  }
}

let socket: DeferredSocket | undefined;

/**
 * The page's one Socket.IO connection, to the origin that served the page (the session cookie
 * goes along). Created on first use; `useRealtimeConnection` connects and disconnects it.
 */
export function getSocket(): AppSocket {
  socket ??= new DeferredSocket(async () => {
    const { io } = await import('socket.io-client');
    const real: Socket = io({ path: SOCKET_PATH, withCredentials: true, autoConnect: false });
    return real as unknown as RealSocket;
  });
  return socket as unknown as AppSocket;
}

/**
 * Closes and reopens the connection, so the server reads the session cookie again: after a login,
 * a logout or the end of the session the socket belongs to the new member (or to a visitor).
 */
export function reconnectSocket(): void {
  getSocket().disconnect().connect();
}
