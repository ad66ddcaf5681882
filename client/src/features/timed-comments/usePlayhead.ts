import { useCallback, useState } from 'react';
import type { PlaybackTracker } from '../watch/playbackTracker';

/**
 * The whole second a player's <video> is at, or null while no video is attached (an embedded
 * player has no playhead to follow). `track` attaches to the player as its other trackers do.
 */
export function usePlayhead(): {
  seconds: number | null;
  track: PlaybackTracker;
} {
  const [seconds, setSeconds] = useState<number | null>(null);
  const track = useCallback<PlaybackTracker>((video) => {
    const read = () => setSeconds(Math.floor(video.currentTime));
    const events = ['timeupdate', 'seeked', 'loadedmetadata'] as const;
    read();
    events.forEach((event) => video.addEventListener(event, read));
    return () => {
      events.forEach((event) => video.removeEventListener(event, read));
      setSeconds(null);
    };
  }, []);
  return { seconds, track };
}
