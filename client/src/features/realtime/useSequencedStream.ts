import type { ServerToClientEvents } from '@seyirlik/shared-contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { ChannelLiveState } from '../../lib/channelMembership';
import { emptySequencedLog, type Sequenced } from '../../lib/sequencedLog';
import { SequencedStream, type SequencedStreamOptions, type SequencedStreamState } from '../../lib/sequencedStream';
import { getSocket } from './socket';

export type UseSequencedStreamOptions<E extends keyof ServerToClientEvents, T extends Sequenced> = Omit<
  SequencedStreamOptions<E, T>,
  'socket' | 'onChange'
>;

export interface SequencedStreamView<T extends Sequenced> {
  /** Live (pushed), offline (polling), joining, or refused with the server's reason. */
  live: ChannelLiveState;
  /** Oldest first, one per sequence. */
  items: readonly T[];
  /** Adds an item that came alone, such as the answer to a send; shown once whether it or its push comes first. */
  receive: (item: T) => void;
}

/**
 * One stream of the page, live with fallback (SequencedStream on the page's socket) while
 * mounted. A new channel, stream or event starts over; `itemOf` and `fetchAfter` may change
 * between renders (the latest are used), `startAfter` and the intervals are read at the start.
 */
export function useSequencedStream<E extends keyof ServerToClientEvents, T extends Sequenced>(
  options: UseSequencedStreamOptions<E, T>,
): SequencedStreamView<T> {
  const latest = useRef(options);
  latest.current = options;
  const [state, setState] = useState<SequencedStreamState<T>>(() => ({
    live: { status: 'joining' },
    log: emptySequencedLog(options.startAfter ?? 0),
  }));
  const driver = useRef<SequencedStream<E, T> | null>(null);
  const { channel, stream, event } = options;

  useEffect(() => {
    const started = new SequencedStream<E, T>({
      ...latest.current,
      socket: getSocket(),
      itemOf: (...payload) => latest.current.itemOf(...payload),
      fetchAfter: (cursor) => latest.current.fetchAfter(cursor),
      onChange: setState,
    });
    driver.current = started;
    started.start();
    return () => {
      started.stop();
      driver.current = null;
    };
  }, [channel, stream, event]);

  const receive = useCallback((item: T) => driver.current?.receive(item), []);
  return { live: state.live, items: state.log.items, receive };
}
