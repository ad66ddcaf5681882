import { renderHook } from '@testing-library/react';
import { useCombinedTrackers, type PlaybackTracker } from './playbackTracker';

/** A tracker that writes its attaches and detaches into `log`, under `name`. */
function loggingTracker(name: string, log: string[]): PlaybackTracker {
  return (video) => {
    log.push(`${name} attached to ${video.id}`);
    return () => log.push(`${name} detached`);
  };
}

describe('useCombinedTrackers', () => {
  it('attaches every tracker in order and detaches them in reverse', () => {
    const log: string[] = [];
    const [position, playhead, skip] = ['position', 'playhead', 'skip'].map((name) => loggingTracker(name, log));
    const { result } = renderHook(() => useCombinedTrackers(position!, playhead!, skip!));
    const video = document.createElement('video');
    video.id = 'player';

    const detach = result.current(video);
    expect(log).toEqual(['position attached to player', 'playhead attached to player', 'skip attached to player']);
    detach();
    expect(log.slice(3)).toEqual(['skip detached', 'playhead detached', 'position detached']);
  });

  it('stays the same tracker while its trackers do, and changes with any of them', () => {
    const log: string[] = [];
    const position = loggingTracker('position', log);
    const playhead = loggingTracker('playhead', log);
    const { result, rerender } = renderHook(({ own }) => useCombinedTrackers(own, playhead), { initialProps: { own: position } });
    const first = result.current;

    rerender({ own: position });
    expect(result.current).toBe(first);

    rerender({ own: loggingTracker('sync', log) });
    expect(result.current).not.toBe(first);
  });
});
