import type { ConnectionEvents } from '../src/features/realtime/socketStatus';

type Listener = (...args: unknown[]) => void;

/** Stands in for a Socket.IO socket: keeps listeners and fires the events Socket.IO would. */
export class FakeSocket implements ConnectionEvents {
  connected = false;
  readonly connect = jest.fn(() => this);
  readonly disconnect = jest.fn(() => this);
  private readonly listeners = new Map<string, Set<Listener>>();

  on(event: string, listener: Listener) {
    if (!this.listeners.has(event)) this.listeners.set(event, new Set());
    this.listeners.get(event)?.add(listener);
    return this;
  }

  off(event: string, listener: Listener) {
    this.listeners.get(event)?.delete(listener);
    return this;
  }

  fire(event: 'connect' | 'disconnect' | 'connect_error', ...args: unknown[]) {
    this.connected = event === 'connect';
    this.listeners.get(event)?.forEach((listener) => listener(...args));
  }

  listenerCount() {
    return [...this.listeners.values()].reduce((sum, set) => sum + set.size, 0);
  }
}
