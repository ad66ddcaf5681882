import { MEMBER_STATE_RULES, type SessionUser } from '@seyirlik/shared-contracts';
import { act, renderHook } from '@testing-library/react';
import { createStore, Provider } from 'jotai';
import type { ReactNode } from 'react';
import { buildSessionUser } from '../../../test/builders';
import { mockFetch } from '../../../test/mockFetch';
import { sessionAtom } from '../session/session';
import { usePlaybackPosition } from './usePlaybackPosition';

const EPISODE_ID = 12;

/** A <video> whose length and position the test sets, as a browser's would change while playing. */
function fakeVideo(duration = 2700) {
  const video = document.createElement('video');
  Object.defineProperty(video, 'duration', { value: duration, writable: true });
  Object.defineProperty(video, 'currentTime', { value: 0, writable: true });
  return video;
}

/** Moves the video to `seconds`, as playback does. */
function advance(video: HTMLVideoElement, seconds: number) {
  video.currentTime = seconds;
  video.dispatchEvent(new Event('timeupdate'));
}

function renderTracker(user: SessionUser | null, startAt = 0) {
  const store = createStore();
  store.set(sessionAtom, { loaded: true, user, recaptchaSiteKey: null });
  const wrapper = ({ children }: { children: ReactNode }) => <Provider store={store}>{children}</Provider>;
  return renderHook(() => usePlaybackPosition(EPISODE_ID, startAt), { wrapper });
}

describe('usePlaybackPosition', () => {
  let fetchMock: jest.Mock;
  /** The positions sent, in order. */
  const saved = () =>
    fetchMock.mock.calls.map(([path, init]: [string, RequestInit]) => {
      expect(path).toBe('/api/continue-watching');
      expect(init).toMatchObject({ method: 'PUT', keepalive: true });
      return JSON.parse(String(init.body)) as unknown;
    });

  beforeEach(() => {
    jest.useFakeTimers();
    fetchMock = mockFetch(() => ({ status: 200, body: { id: 1 } }));
  });

  afterEach(() => {
    jest.useRealTimers();
  });

  it('starts the player at the given second once it knows its length', () => {
    const { result } = renderTracker(buildSessionUser(), 754);
    const video = fakeVideo();
    result.current(video);

    video.dispatchEvent(new Event('loadedmetadata'));

    expect(video.currentTime).toBe(754);
  });

  it('starts over when the given second is at the very end', () => {
    const { result } = renderTracker(buildSessionUser(), 2699);
    const video = fakeVideo();
    result.current(video);

    video.dispatchEvent(new Event('loadedmetadata'));

    expect(video.currentTime).toBe(0);
  });

  it("saves a member's position every 10 s while playing, on pause and when the player goes, never the same second twice", () => {
    const { result } = renderTracker(buildSessionUser());
    const video = fakeVideo();
    const detach = result.current(video);
    video.dispatchEvent(new Event('loadedmetadata'));
    video.dispatchEvent(new Event('playing'));

    advance(video, 9.6);
    act(() => jest.advanceTimersByTime(MEMBER_STATE_RULES.positionSaveIntervalMs - 1));
    expect(saved()).toEqual([]);
    act(() => jest.advanceTimersByTime(1));
    expect(saved()).toEqual([{ episodeId: EPISODE_ID, positionSeconds: 9 }]);

    // Nothing moved: the next tick sends nothing.
    act(() => jest.advanceTimersByTime(MEMBER_STATE_RULES.positionSaveIntervalMs));
    expect(saved()).toHaveLength(1);

    advance(video, 14.2);
    video.dispatchEvent(new Event('pause'));
    expect(saved()).toHaveLength(2);
    expect(saved()[1]).toEqual({ episodeId: EPISODE_ID, positionSeconds: 14 });
    // Paused: the clock stops.
    act(() => jest.advanceTimersByTime(3 * MEMBER_STATE_RULES.positionSaveIntervalMs));
    expect(saved()).toHaveLength(2);

    advance(video, 20);
    detach();
    expect(saved()[2]).toEqual({ episodeId: EPISODE_ID, positionSeconds: 20 });
  });

  it('saves at the end and when the tab is hidden or left', () => {
    const { result } = renderTracker(buildSessionUser());
    const video = fakeVideo(30);
    result.current(video);
    video.dispatchEvent(new Event('loadedmetadata'));
    video.dispatchEvent(new Event('playing'));

    advance(video, 5);
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
    document.dispatchEvent(new Event('visibilitychange'));
    Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true });
    advance(video, 8);
    window.dispatchEvent(new Event('pagehide'));
    advance(video, 30);
    video.dispatchEvent(new Event('ended'));

    expect(saved()).toEqual([
      { episodeId: EPISODE_ID, positionSeconds: 5 },
      { episodeId: EPISODE_ID, positionSeconds: 8 },
      { episodeId: EPISODE_ID, positionSeconds: 30 },
    ]);
  });

  it('saves nothing for an episode that never played', () => {
    const { result } = renderTracker(buildSessionUser(), 120);
    const video = fakeVideo();
    const detach = result.current(video);
    video.dispatchEvent(new Event('loadedmetadata'));

    window.dispatchEvent(new Event('pagehide'));
    detach();

    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("never sends a visitor's position", () => {
    const { result } = renderTracker(null);
    const video = fakeVideo();
    const detach = result.current(video);
    video.dispatchEvent(new Event('loadedmetadata'));
    video.dispatchEvent(new Event('playing'));

    advance(video, 42);
    act(() => jest.advanceTimersByTime(2 * MEMBER_STATE_RULES.positionSaveIntervalMs));
    video.dispatchEvent(new Event('pause'));
    window.dispatchEvent(new Event('pagehide'));
    detach();

    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('starts the next alternative where the last one stood', () => {
    const { result } = renderTracker(null, 10);
    const first = fakeVideo();
    const detach = result.current(first);
    first.dispatchEvent(new Event('loadedmetadata'));
    first.dispatchEvent(new Event('playing'));
    advance(first, 47.5);
    detach();

    const second = fakeVideo();
    result.current(second);
    second.dispatchEvent(new Event('loadedmetadata'));

    expect(second.currentTime).toBe(47.5);
  });
});
