import { STREAM_RULES, type RoomName, type ServerToClientEvents, type StreamName } from '@seyirlik/shared-contracts';
import { holdChannel, type ChannelLiveState, type RealtimeSocket } from './channelMembership';
import { emptySequencedLog, hasGap, mergeSequenced, type Arrival, type Sequenced, type SequencedLog } from './sequencedLog';

/** One answer of a stream's "items after this sequence" call, oldest first. */
export interface SequencedPage<T extends Sequenced> {
  items: readonly T[];
  /** Whether the server holds more after the last item; the driver asks again from there. */
  hasMore: boolean;
}

export interface SequencedStreamOptions<E extends keyof ServerToClientEvents, T extends Sequenced> {
  socket: RealtimeSocket;
  /** The channel the stream's events are delivered on (`room:{code}`, `user:{id}`, ...). */
  channel: RoomName;
  /** The stream the items are numbered in, whose newest sequence the heartbeat asks for. */
  stream: StreamName;
  /** The event that pushes one item. */
  event: E;
  /** The stream's item in a pushed event, or null when the event belongs to another stream of the channel. */
  itemOf: (...payload: Parameters<ServerToClientEvents[E]>) => T | null;
  /** The items after `cursor`, over HTTP; a throw is tried again after `pollIntervalMs`. */
  fetchAfter: (cursor: number) => Promise<SequencedPage<T>>;
  /** The sequence the history starts after (0: from the stream's first item). */
  startAfter?: number;
  pollIntervalMs?: number;
  headsIntervalMs?: number;
  /** Told after every change of the state. */
  onChange?: (state: SequencedStreamState<T>) => void;
}

export interface SequencedStreamState<T extends Sequenced> {
  live: ChannelLiveState;
  log: SequencedLog<T>;
}

type Timer = ReturnType<typeof setTimeout>;

/**
 * One stream of a client along the fallback ladder (ARCHITECTURE "Real time"), with no framework:
 * items pushed live while the socket is in the channel; while it is not, the items after the
 * cursor every `pollIntervalMs`; after every (re)join one catch-up from the cursor, then polling
 * stops. A pushed item beyond a gap, and a heartbeat head (`stream.heads`, every
 * `headsIntervalMs` while live) beyond the cursor, catch up at once, so a push that never came is
 * fetched even when nothing follows it. Every fetch asks again while the server has more; one runs
 * at a time. Items are kept once per sequence, in order (`SequencedLog`).
 */
export class SequencedStream<E extends keyof ServerToClientEvents, T extends Sequenced> {
  private state: SequencedStreamState<T>;
  private readonly pollIntervalMs: number;
  private readonly headsIntervalMs: number;
  private leaveChannel: (() => void) | null = null;
  private pollTimer: Timer | undefined;
  private headsTimer: Timer | undefined;
  private retryTimer: Timer | undefined;
  private fetching = false;
  private fetchAgain = false;
  private stopped = false;

  constructor(private readonly options: SequencedStreamOptions<E, T>) {
    this.state = { live: { status: 'joining' }, log: emptySequencedLog(options.startAfter ?? 0) };
    this.pollIntervalMs = options.pollIntervalMs ?? STREAM_RULES.pollIntervalMs;
    this.headsIntervalMs = options.headsIntervalMs ?? STREAM_RULES.headsIntervalMs;
  }

  get snapshot(): SequencedStreamState<T> {
    return this.state;
  }

  /** Whether the driver is polling (the socket is not in the channel yet, or not any more). */
  get polling(): boolean {
    return this.pollTimer !== undefined;
  }

  start(): void {
    this.options.socket.on(this.options.event, this.onPush as never);
    this.leaveChannel = holdChannel(this.options.socket, this.options.channel, this.onChannel);
  }

  stop(): void {
    this.stopped = true;
    this.options.socket.off(this.options.event, this.onPush as never);
    this.leaveChannel?.();
    this.leaveChannel = null;
    this.stopPolling();
    this.stopHeartbeat();
    clearTimeout(this.retryTimer);
  }

  /** An item that came alone (the answer to a send): shown once, whether it or its push comes first. */
  receive(item: T): void {
    if (this.stopped) return;
    this.merge([item], 'pushed');
    if (hasGap(this.state.log)) this.catchUp();
  }

  /** Fetches everything after the cursor; a call while a fetch runs asks for one more round after it. */
  private catchUp(): void {
    if (this.stopped) return;
    if (this.fetching) {
      this.fetchAgain = true;
      return;
    }
    this.fetching = true;
    clearTimeout(this.retryTimer);
    void this.fetchRounds().finally(() => {
      this.fetching = false;
    });
  }

  private async fetchRounds(): Promise<void> {
    try {
      do {
        this.fetchAgain = false;
        let hasMore = true;
        while (hasMore && !this.stopped) {
          const page = await this.options.fetchAfter(this.state.log.cursor);
          if (this.stopped) return;
          this.merge(page.items, 'fetched');
          hasMore = page.hasMore && page.items.length > 0;
        }
      } while (this.fetchAgain && !this.stopped);
    } catch {
      // A failed fetch (network, server) is tried again later; while polling, the next tick does.
      if (!this.stopped && !this.polling) this.retryTimer = setTimeout(() => this.catchUp(), this.pollIntervalMs);
    }
  }

  private readonly onPush = (...payload: Parameters<ServerToClientEvents[E]>): void => {
    const item = this.options.itemOf(...payload);
    if (item) this.receive(item);
  };

  private readonly onChannel = (live: ChannelLiveState): void => {
    if (this.stopped) return;
    this.setState({ ...this.state, live });
    if (live.status === 'live') {
      this.stopPolling();
      this.startHeartbeat();
      this.catchUp();
      return;
    }
    this.stopHeartbeat();
    if (live.status === 'refused') {
      this.stopPolling();
      return;
    }
    // Off the channel: ask at once when it dropped (pushes may have been lost with it), then on every tick.
    if (live.status === 'offline') this.catchUp();
    this.startPolling();
  };

  private merge(items: readonly T[], arrival: Arrival): void {
    const log = mergeSequenced(this.state.log, items, arrival);
    if (log !== this.state.log) this.setState({ ...this.state, log });
  }

  private setState(state: SequencedStreamState<T>): void {
    this.state = state;
    this.options.onChange?.(state);
  }

  private startPolling(): void {
    if (this.pollTimer === undefined) this.pollTimer = setInterval(() => this.catchUp(), this.pollIntervalMs);
  }

  private stopPolling(): void {
    clearInterval(this.pollTimer);
    this.pollTimer = undefined;
  }

  /** While live: asks for the stream's newest sequence, and catches up when it is beyond the cursor. */
  private startHeartbeat(): void {
    if (this.headsTimer !== undefined) return;
    const { socket, stream } = this.options;
    this.headsTimer = setInterval(() => {
      socket.emit('stream.heads', { streams: [stream] }, (reply) => {
        // A refusal carries no heads; the next beat asks again.
        if ((reply.heads?.[stream] ?? 0) > this.state.log.cursor) this.catchUp();
      });
    }, this.headsIntervalMs);
  }

  private stopHeartbeat(): void {
    clearInterval(this.headsTimer);
    this.headsTimer = undefined;
  }
}
