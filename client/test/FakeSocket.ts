import type { ConnectionEvents } from '../src/features/realtime/socketStatus';

// Listeners take whatever their event carries; `never[]` accepts every listener signature.
type Listener = (...args: never[]) => void;

/** Stands in for a Socket.IO socket: keeps listeners and fires the events Socket.IO would. */
export class FakeSocket implements ConnectionEvents {
  connected = false;
  readonly connect = jest.fn(() => this);
  readonly disconnect = jest.fn(() => this);
  /** What the page sent, with the acknowledgement callback when it passed one. */
  readonly emitted: Array<{ event: string; args: unknown[]; ack?: (...reply: unknown[]) => void }> = [];
  private readonly listeners = new Map<string, Set<Listener>>();

  emit(event: string, ...args: unknown[]) {
    const last = args[args.length - 1];
    const ack = typeof last === 'function' ? (last as (...reply: unknown[]) => void) : undefined;
    this.emitted.push({ event, args: ack ? args.slice(0, -1) : args, ack });
    return this;
  }

  on(event: string, listener: Listener) {
    if (!this.listeners.has(event)) this.listeners.set(event, new Set());
    this.listeners.get(event)?.add(listener);
    return this;
  }

  off(event: string, listener: Listener) {
    this.listeners.get(event)?.delete(listener);
    return this;
  }

  /** Fires a connection event, or an event the server pushes (`session.ended`, ...). */
  fire(event: string, ...args: unknown[]) {
    if (event === 'connect' || event === 'disconnect' || event === 'connect_error') {
      this.connected = event === 'connect';
    }
    this.listeners.get(event)?.forEach((listener) => listener(...(args as never[])));
  }

  listenerCount() {
    return [...this.listeners.values()].reduce((sum, set) => sum + set.size, 0);
  }
}
