import type { SyncedPlayer } from './playbackFollower';

// Test support: a stand-in for the room's <video>.

/**
 * A <video> as far as the follower sees it. A seek fires `seeking`, and finishes on the next
 * microtask with `seeked`, as a browser's do a moment later; with `holdSeeks`, it waits for
 * finishSeek() instead. `refuse` makes play() fail the way autoplay policies do.
 */
export class FakePlayer implements SyncedPlayer {
  paused = true;
  ended = false;
  seeking = false;
  duration = 600;
  readyState = 4;
  playbackRate = 1;
  muted = false;
  refuse: 'nothing' | 'sound' | 'everything' = 'nothing';
  holdSeeks = false;
  /** play() starts playing but leaves its `play` event to the caller (fire('play')), as a browser dispatches it a moment later. */
  holdPlayEvents = false;
  /** pause() stops playing but leaves its `pause` event to the caller, likewise. */
  holdPauseEvents = false;
  readonly seeks: number[] = [];
  private time = 0;
  private readonly listeners = new Map<string, Set<() => void>>();

  readonly play = jest.fn(async () => {
    if (this.refuse === 'everything' || (this.refuse === 'sound' && !this.muted)) {
      throw new DOMException('play() needs a user gesture', 'NotAllowedError');
    }
    if (this.paused) {
      this.paused = false;
      if (!this.holdPlayEvents) this.fire('play');
    }
  });

  readonly pause = jest.fn(() => {
    if (this.paused) return;
    this.paused = true;
    if (!this.holdPauseEvents) this.fire('pause');
  });

  get currentTime() {
    return this.time;
  }

  set currentTime(seconds: number) {
    this.time = seconds;
    this.seeks.push(seconds);
    this.seeking = true;
    this.fire('seeking');
    if (this.holdSeeks) return;
    // A promise, not queueMicrotask: Jest's fake timers hold the latter back.
    void Promise.resolve().then(() => this.finishSeek());
  }

  /**
   * Ends the seek under way as a browser does: `seeking` turns false at once, `seeked` fires in a
   * task of its own, so other tasks (a timer) may run in between; `seekedLater` leaves that to the caller.
   */
  finishSeek({ seekedLater = false } = {}) {
    this.seeking = false;
    if (!seekedLater) this.fire('seeked');
  }

  /** Time passing while it plays, without a seek. */
  advance(seconds: number) {
    this.time += seconds;
  }

  addEventListener(type: string, listener: () => void) {
    if (!this.listeners.has(type)) this.listeners.set(type, new Set());
    this.listeners.get(type)!.add(listener);
  }

  removeEventListener(type: string, listener: () => void) {
    this.listeners.get(type)?.delete(listener);
  }

  fire(type: string) {
    this.listeners.get(type)?.forEach((listener) => listener());
  }

  listenerCount() {
    return [...this.listeners.values()].reduce((sum, set) => sum + set.size, 0);
  }
}

/** Lets pending promises settle (play() attempts, seeks) even under Jest's fake timers. */
export const flush = () => new Promise<void>((resolve) => jest.requireActual<typeof globalThis>('timers').setImmediate(resolve));
