import type { SkipSegmentList } from '@seyirlik/shared-contracts';
import { useNavigate } from '@tanstack/react-router';
import { useMemo } from 'react';
import { useAutoSkip } from './useAutoSkip';
import { useSkipPlayback, type SkipPlayback } from './useSkipPlayback';
import { useSkipSegments } from './useSkipSegments';

export interface SkipSegmentsPlayer {
  /** The playing source's markings for the viewer; null without a source that has a playhead. */
  list: SkipSegmentList | null;
  refresh: () => void;
  autoSkip: { on: boolean; set: (on: boolean) => void };
  playback: SkipPlayback;
  /** Whether the credits' button goes to the next episode (otherwise it skips to the credits' end). */
  hasNext: boolean;
}

const NO_SEGMENTS = [] as const;

/**
 * Skip markings around one player: `source` is the playing source (an embedded player has no
 * playhead: nothing then); the player combines `playback.attach` with its other trackers.
 * `canSkip` false (a room's member without control) reads, offers and skips nothing.
 */
export function useSkipSegmentsPlayer({
  source,
  episodeId,
  nextPath,
  canSkip,
}: {
  source: { id: number; kind: string } | null;
  episodeId: number;
  nextPath: string | null;
  canSkip: boolean;
}): SkipSegmentsPlayer {
  const sourceId = canSkip && source && source.kind !== 'embed' ? source.id : null;
  const { list, refresh } = useSkipSegments(sourceId, episodeId);
  const autoSkip = useAutoSkip();
  const navigate = useNavigate();
  const onCredits = useMemo(() => (nextPath ? () => void navigate({ to: nextPath }) : null), [navigate, nextPath]);
  const playback = useSkipPlayback({
    segments: list?.segments ?? NO_SEGMENTS,
    autoSkip: autoSkip.on,
    onCredits,
  });
  return { list, refresh, autoSkip, playback, hasNext: onCredits !== null };
}
