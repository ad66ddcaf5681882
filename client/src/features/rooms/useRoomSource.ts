import type { WatchData, WatchSource } from '@seyirlik/shared-contracts';
import { useCallback, useEffect, useState } from 'react';
import { messageOf } from '../../lib/api';
import { fetchStream } from '../watch/watchApi';
import type { SelectedSource } from '../watch/VideoPlayer';

/** The sources a room can keep in step: its own <video> only, so never an embedded page. */
function syncableSources(watch: WatchData): WatchSource[] {
  return [...watch.sources, ...watch.groups.flatMap((group) => group.sources)].filter((source) => source.kind !== 'embed');
}

export interface RoomSource {
  sources: WatchSource[];
  selected: SelectedSource | null;
  error: string | null;
  pending: boolean;
  choose: (source: WatchSource) => void;
}

/**
 * The room's player source: the first one the episode offers, or the one this member picks (each
 * member may watch another alternative; the position stays the room's).
 */
export function useRoomSource(watch: WatchData | null): RoomSource {
  const [sources] = useState(() => (watch ? syncableSources(watch) : []));
  const [selected, setSelected] = useState<RoomSource['selected']>(null);
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  const choose = useCallback((source: WatchSource) => {
    setPending(true);
    fetchStream(source.id)
      .then(
        (stream) => {
          setSelected({ source, stream });
          setError(null);
        },
        (failure: unknown) => setError(messageOf(failure)),
      )
      .finally(() => setPending(false));
  }, []);

  useEffect(() => {
    if (sources[0]) choose(sources[0]);
  }, [sources, choose]);

  return { sources, selected, error, pending, choose };
}
