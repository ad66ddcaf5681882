import { MEMBER_STATE_RULES } from '@seyirlik/shared-contracts';
import { useCallback, useEffect, useRef } from 'react';
import { saveWatchPosition } from '../member-state/api';
import { useSessionUser } from '../session/session';
import type { PlaybackTracker } from './playbackTracker';

/** A position this close to the end starts the episode over: there is nothing left to resume. */
const END_MARGIN_SECONDS = 2;

/**
 * The playback position of one episode across its alternatives: each player starts where the
 * last one stood (first at `startAt`, the watch page's `?t=`), so switching sources keeps the place.
 * For a member it is saved (PUT /api/continue-watching) every MEMBER_STATE_RULES.positionSaveIntervalMs
 * while playing, on pause, at the end, when a player goes (another source, another episode, another
 * page) and when the tab is hidden or left. A visitor's position is never sent: merely playing must
 * not ask anyone to log in.
 */
export function usePlaybackPosition(episodeId: number, startAt: number): PlaybackTracker {
  const member = useSessionUser() !== null;
  const memberRef = useRef(member);
  memberRef.current = member;
  const position = useRef(startAt);
  /** Nothing is saved before the episode actually played: opening a page is not watching it. */
  const played = useRef(false);
  const lastSaved = useRef<number | null>(null);

  const save = useCallback(() => {
    const seconds = Math.floor(position.current);
    if (!memberRef.current || !played.current || seconds === lastSaved.current) return;
    lastSaved.current = seconds;
    saveWatchPosition(episodeId, seconds);
  }, [episodeId]);

  useEffect(() => {
    const onVisibilityChange = () => {
      if (document.visibilityState === 'hidden') save();
    };
    window.addEventListener('pagehide', save);
    document.addEventListener('visibilitychange', onVisibilityChange);
    return () => {
      window.removeEventListener('pagehide', save);
      document.removeEventListener('visibilitychange', onVisibilityChange);
    };
  }, [save]);

  return useCallback(
    (video: HTMLVideoElement) => {
      // Until the start position is applied, the video's own 0 is not where the person is.
      let positioned = false;
      let timer: ReturnType<typeof setInterval> | undefined;
      const stopTimer = () => clearInterval(timer);
      const onMetadata = () => {
        if (position.current > 0 && position.current < video.duration - END_MARGIN_SECONDS) video.currentTime = position.current;
        positioned = true;
      };
      const onTimeUpdate = () => {
        if (positioned) position.current = video.currentTime;
      };
      const onPlaying = () => {
        played.current = true;
        stopTimer();
        timer = setInterval(save, MEMBER_STATE_RULES.positionSaveIntervalMs);
      };
      const onStop = () => {
        stopTimer();
        onTimeUpdate();
        save();
      };
      const events: Array<[string, () => void]> = [
        ['loadedmetadata', onMetadata],
        ['timeupdate', onTimeUpdate],
        ['playing', onPlaying],
        ['pause', onStop],
        ['ended', onStop],
      ];
      events.forEach(([name, listener]) => video.addEventListener(name, listener));
      return () => {
        events.forEach(([name, listener]) => video.removeEventListener(name, listener));
        onStop();
      };
    },
    [save],
  );
}
