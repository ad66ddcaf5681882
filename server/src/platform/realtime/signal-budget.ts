import type { RealtimeSocket } from './realtime.types';

/**
 * Counts a socket's signals (typing, viewing) in fixed windows of `limit`. Kept with the socket in
 * this process, so it costs no round trip; signals past the limit are the caller's to drop.
 */
export class SignalBudget {
  private readonly windows = new WeakMap<RealtimeSocket, { startedAt: number; count: number }>();

  constructor(private readonly limit: { points: number; windowSeconds: number }) {}

  /** Whether the socket may send one more signal now; counts it. */
  take(socket: RealtimeSocket, now = Date.now()): boolean {
    const { points, windowSeconds } = this.limit;
    let window = this.windows.get(socket);
    if (!window || now - window.startedAt >= windowSeconds * 1000) {
      window = { startedAt: now, count: 0 };
      this.windows.set(socket, window);
    }
    window.count += 1;
    return window.count <= points;
  }
}
