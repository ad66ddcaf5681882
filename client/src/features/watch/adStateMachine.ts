import { LIMITS, MESSAGES, type WatchAd } from '@seyirlik/shared-contracts';
import { useCallback, useEffect, useReducer } from 'react';

/**
 * The pre-roll ads (seed §4): the first ad waits behind a cover with a play button; every ad starts
 * LIMITS.adStartDelayMs after it appears, counts down once a second, and its skip button is enabled
 * at 0 (after LIMITS.adSkipAfterSeconds for the first ad, its own `time` for the others). At 0 the
 * label reads 'Reklamı Geç' and the index moves on; a click removes the ad and brings the next, and
 * after the last one the layer is gone.
 */
export type AdState =
  | { phase: 'cover'; index: 0 }
  | { phase: 'starting'; index: number }
  | { phase: 'playing'; index: number; remaining: number }
  | { phase: 'skippable'; index: number; next: number }
  | { phase: 'done' };

export type AdEvent = { type: 'play' } | { type: 'started' } | { type: 'tick' } | { type: 'skip' };

/** Seconds before the skip button of the ad at `index` is enabled. */
export function skipAfterSeconds(ads: readonly WatchAd[], index: number): number {
  return index === 0 ? LIMITS.adSkipAfterSeconds : Math.max(0, ads[index]?.time ?? 0);
}

export function initialAdState(ads: readonly WatchAd[]): AdState {
  return ads.length > 0 ? { phase: 'cover', index: 0 } : { phase: 'done' };
}

/** The next state; an event that does not belong to the current phase changes nothing. */
export function nextAdState(ads: readonly WatchAd[], state: AdState, event: AdEvent): AdState {
  switch (state.phase) {
    case 'cover':
      return event.type === 'play' ? { phase: 'starting', index: state.index } : state;
    case 'starting': {
      if (event.type !== 'started') return state;
      const remaining = skipAfterSeconds(ads, state.index);
      return remaining > 0
        ? { phase: 'playing', index: state.index, remaining }
        : { phase: 'skippable', index: state.index, next: state.index + 1 };
    }
    case 'playing':
      if (event.type !== 'tick') return state;
      return state.remaining > 1
        ? { ...state, remaining: state.remaining - 1 }
        : { phase: 'skippable', index: state.index, next: state.index + 1 };
    case 'skippable':
      if (event.type !== 'skip') return state;
      return state.next < ads.length ? { phase: 'starting', index: state.next } : { phase: 'done' };
    case 'done':
      return state;
  }
}

/** The skip button's label: the seconds left, then the seed's 'Reklamı Geç'. */
export function skipLabel(state: AdState): string {
  if (state.phase === 'playing') return `${state.remaining}`;
  if (state.phase === 'skippable') return MESSAGES.skipAd;
  return '';
}

/** Drives the machine with the seed's timers: the start delay and one tick per second. */
export function useAdSequence(ads: readonly WatchAd[]) {
  const [state, dispatch] = useReducer(
    (current: AdState, event: AdEvent) => nextAdState(ads, current, event),
    ads,
    initialAdState,
  );
  useEffect(() => {
    if (state.phase !== 'starting' && state.phase !== 'playing') return undefined;
    const event: AdEvent = state.phase === 'starting' ? { type: 'started' } : { type: 'tick' };
    const timer = setTimeout(() => dispatch(event), state.phase === 'starting' ? LIMITS.adStartDelayMs : LIMITS.adTickMs);
    return () => clearTimeout(timer);
  }, [state]);
  const play = useCallback(() => dispatch({ type: 'play' }), []);
  const skip = useCallback(() => dispatch({ type: 'skip' }), []);
  return { state, play, skip };
}
