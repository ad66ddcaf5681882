import type { SkipSegmentView } from '@seyirlik/shared-contracts';
import { useCallback, useRef, useState } from 'react';
import type { PlaybackTracker } from '../watch/playbackTracker';
import { AUTO_SKIPPED_KINDS, skippableSegmentAt } from './skippableSegment';

export interface SkipPlayback {
  /** Follows the player's <video>, beside the player's other trackers; returns the detach. */
  attach: PlaybackTracker;
  /** The marking playback is inside now, when the viewer may skip it. */
  active: SkipSegmentView | null;
  /** Skips `active`: to its end, or for credits with `onCredits`, to what that does (the next episode). */
  skip: () => void;
  /** The player's current second (0 without a player): the marking form's "Şu an". */
  currentSecond: () => number;
}

/**
 * The skip button's moment and the automatic skip of intros and recaps (`autoSkip`). A skip moves
 * the <video> itself, so whatever follows the player sees an ordinary seek: in a room, the member
 * in control's seek is sent to everyone. Each marking is skipped automatically once per player, so
 * a viewer who goes back into it watches it.
 */
export function useSkipPlayback({
  segments,
  autoSkip,
  onCredits,
}: {
  segments: readonly SkipSegmentView[];
  autoSkip: boolean;
  onCredits: (() => void) | null;
}): SkipPlayback {
  const video = useRef<HTMLVideoElement | null>(null);
  const [active, setActive] = useState<SkipSegmentView | null>(null);
  // The player's listeners live as long as the player; they read the latest render's values.
  const latest = useRef({ segments, autoSkip });
  latest.current = { segments, autoSkip };

  const attach = useCallback<PlaybackTracker>(
    (element) => {
      video.current = element;
      const autoSkipped = new Set<number>();
      const onTime = () => {
        const segment = skippableSegmentAt(latest.current.segments, element.currentTime);
        if (segment && latest.current.autoSkip && AUTO_SKIPPED_KINDS.includes(segment.kind) && !autoSkipped.has(segment.id)) {
          autoSkipped.add(segment.id);
          element.currentTime = segment.endSeconds;
          setActive(null);
          return;
        }
        setActive((current) => (current?.id === segment?.id && current?.status === segment?.status ? current : segment));
      };
      element.addEventListener('timeupdate', onTime);
      element.addEventListener('seeked', onTime);
      return () => {
        element.removeEventListener('timeupdate', onTime);
        element.removeEventListener('seeked', onTime);
        if (video.current === element) video.current = null;
        setActive(null);
      };
    },
    [],
  );

  const skip = useCallback(() => {
    const element = video.current;
    if (!element || !active) return;
    if (active.kind === 'credits' && onCredits) {
      onCredits();
      return;
    }
    element.currentTime = active.endSeconds;
    setActive(null);
  }, [active, onCredits]);

  const currentSecond = useCallback(() => Math.floor(video.current?.currentTime ?? 0), []);
  return { attach, active, skip, currentSecond };
}
