import { useMemo } from 'react';

/** Attaches to a player's <video>; returns the detach, which the player calls while the video still has its source and position. */
export type PlaybackTracker = (video: HTMLVideoElement) => () => void;

/**
 * Several trackers as the one a player takes: attached in the order given (so each sees the
 * <video>'s events in that order), detached in reverse.
 */
export function combineTrackers(trackers: readonly PlaybackTracker[]): PlaybackTracker {
  return (video) => {
    const detaches = trackers.map((track) => track(video));
    return () => [...detaches].reverse().forEach((detach) => detach());
  };
}

/**
 * `combineTrackers` for a player's render: the same tracker while the trackers given are the same,
 * since the player attaches again whenever its tracker changes. Pass the same number on every render.
 */
export function useCombinedTrackers(...trackers: PlaybackTracker[]): PlaybackTracker {
  // The trackers themselves are the dependencies.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  return useMemo(() => combineTrackers(trackers), trackers);
}
