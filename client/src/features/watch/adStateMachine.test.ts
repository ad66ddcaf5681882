import { LIMITS, MESSAGES, type WatchAd } from '@seyirlik/shared-contracts';
import { act, renderHook } from '@testing-library/react';
import { type AdState, initialAdState, nextAdState, skipAfterSeconds, skipLabel, useAdSequence } from './adStateMachine';

const ad = (time: number): WatchAd => ({ link: '/', time, video: `/media/demo/ad-${time}.mp4`, image: null });

describe('pre-roll ad state machine', () => {
  describe('nextAdState', () => {
    const ads = [ad(9), ad(2)];

    it('starts on the cover of the first ad, or done without ads', () => {
      expect(initialAdState(ads)).toEqual({ phase: 'cover', index: 0 });
      expect(initialAdState([])).toEqual({ phase: 'done' });
    });

    it('waits 5 s on the first ad whatever its time, and the other ads their own time', () => {
      expect(skipAfterSeconds(ads, 0)).toBe(LIMITS.adSkipAfterSeconds);
      expect(skipAfterSeconds(ads, 1)).toBe(2);
    });

    it.each<[string, AdState, Array<'play' | 'started' | 'tick' | 'skip'>]>([
      ['cover', { phase: 'cover', index: 0 }, ['started', 'tick', 'skip']],
      ['starting', { phase: 'starting', index: 0 }, ['play', 'tick', 'skip']],
      ['playing', { phase: 'playing', index: 0, remaining: 3 }, ['play', 'started', 'skip']],
      ['skippable', { phase: 'skippable', index: 0, next: 1 }, ['play', 'started', 'tick']],
      ['done', { phase: 'done' }, ['play', 'started', 'tick', 'skip']],
    ])('ignores events that do not belong to %s', (_phase, state, events) => {
      for (const type of events) expect(nextAdState(ads, state, { type })).toBe(state);
    });

    it('walks every ad: cover, start, countdown to Reklamı Geç, skip, next, done', () => {
      let state = initialAdState(ads);
      state = nextAdState(ads, state, { type: 'play' });
      expect(state).toEqual({ phase: 'starting', index: 0 });
      state = nextAdState(ads, state, { type: 'started' });
      expect(state).toEqual({ phase: 'playing', index: 0, remaining: 5 });
      expect(skipLabel(state)).toBe('5');
      for (let i = 0; i < 4; i += 1) state = nextAdState(ads, state, { type: 'tick' });
      expect(state).toEqual({ phase: 'playing', index: 0, remaining: 1 });
      state = nextAdState(ads, state, { type: 'tick' });
      expect(state).toEqual({ phase: 'skippable', index: 0, next: 1 });
      expect(skipLabel(state)).toBe(MESSAGES.skipAd);
      state = nextAdState(ads, state, { type: 'skip' });
      expect(state).toEqual({ phase: 'starting', index: 1 });
      state = nextAdState(ads, state, { type: 'started' });
      expect(state).toEqual({ phase: 'playing', index: 1, remaining: 2 });
      state = nextAdState(ads, nextAdState(ads, state, { type: 'tick' }), { type: 'tick' });
      expect(state).toEqual({ phase: 'skippable', index: 1, next: 2 });
      expect(nextAdState(ads, state, { type: 'skip' })).toEqual({ phase: 'done' });
    });

    it('makes a later ad with no wait skippable as soon as it starts', () => {
      expect(nextAdState([ad(5), ad(0)], { phase: 'starting', index: 1 }, { type: 'started' })).toEqual({ phase: 'skippable', index: 1, next: 2 });
    });
  });

  describe('useAdSequence with the seed timers', () => {
    let clock = 0;
    /**
     * Each timer is set by an effect after the previous one fired, so time moves in steps of at
     * most 100 ms (every seed delay is a multiple), letting React render between them.
     */
    const advance = (ms: number) => {
      for (let left = ms; left > 0; ) {
        const step = Math.min(left, 100 - (clock % 100));
        act(() => jest.advanceTimersByTime(step));
        clock += step;
        left -= step;
      }
    };
    beforeEach(() => {
      jest.useFakeTimers();
      clock = 0;
    });
    afterEach(() => jest.useRealTimers());

    it('stays on the cover until the play click, then starts 300 ms later', () => {
      const { result } = renderHook(() => useAdSequence([ad(5)]));
      advance(10_000);
      expect(result.current.state).toEqual({ phase: 'cover', index: 0 });

      act(() => result.current.play());
      advance(LIMITS.adStartDelayMs - 1);
      expect(result.current.state.phase).toBe('starting');
      advance(1);
      expect(result.current.state).toEqual({ phase: 'playing', index: 0, remaining: 5 });
    });

    it('ticks once a second, enables the skip after 5 s, and ignores an early skip', () => {
      const { result } = renderHook(() => useAdSequence([ad(5), ad(3)]));
      act(() => result.current.play());
      advance(LIMITS.adStartDelayMs);
      advance(LIMITS.adTickMs);
      expect(result.current.state).toEqual({ phase: 'playing', index: 0, remaining: 4 });
      act(() => result.current.skip());
      expect(result.current.state.phase).toBe('playing');
      advance(4 * LIMITS.adTickMs - 1);
      expect(result.current.state).toEqual({ phase: 'playing', index: 0, remaining: 1 });
      advance(1);
      expect(result.current.state).toEqual({ phase: 'skippable', index: 0, next: 1 });
      advance(60_000);
      expect(result.current.state.phase).toBe('skippable');
    });

    it('loads the next ad on skip without a cover, with its own time, and ends after the last', () => {
      const { result } = renderHook(() => useAdSequence([ad(5), ad(3)]));
      act(() => result.current.play());
      advance(LIMITS.adStartDelayMs + 5 * LIMITS.adTickMs);
      act(() => result.current.skip());
      expect(result.current.state).toEqual({ phase: 'starting', index: 1 });
      advance(LIMITS.adStartDelayMs);
      expect(result.current.state).toEqual({ phase: 'playing', index: 1, remaining: 3 });
      advance(3 * LIMITS.adTickMs);
      expect(result.current.state).toEqual({ phase: 'skippable', index: 1, next: 2 });
      act(() => result.current.skip());
      expect(result.current.state).toEqual({ phase: 'done' });
    });

    it('is done at once without ads', () => {
      const { result } = renderHook(() => useAdSequence([]));
      expect(result.current.state).toEqual({ phase: 'done' });
    });
  });
});
