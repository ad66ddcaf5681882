import { ROOM_RULES } from '@seyirlik/shared-contracts';
import {
  anticipatedState,
  clockOffsetOf,
  correctDrift,
  expectedPosition,
  isNewerState,
  memberCommandOf,
  playbackToastOf,
} from './playbackSync';
import { buildPlaybackState, buildRoomMember } from './roomBuilders';

describe('clockOffsetOf', () => {
  it('takes the round trip least delayed: the server time plus half the trip, minus the local arrival', () => {
    const samples = [
      { sentAt: 1_000, receivedAt: 1_400, serverTime: 6_000 },
      { sentAt: 2_000, receivedAt: 2_040, serverTime: 7_020 },
      { sentAt: 3_000, receivedAt: 3_300, serverTime: 8_100 },
    ];

    expect(clockOffsetOf(samples)).toBe(7_020 + 20 - 2_040);
  });

  it('assumes the same clock without samples', () => {
    expect(clockOffsetOf([])).toBe(0);
  });
});

describe('expectedPosition', () => {
  it('advances a playing state by the server time since, and holds a paused one', () => {
    const playing = buildPlaybackState({ status: 'playing', positionSeconds: 10, serverTime: 50_000 });

    expect(expectedPosition(playing, 53_500)).toBe(13.5);
    expect(expectedPosition({ ...playing, status: 'paused' }, 53_500)).toBe(10);
  });
});

describe('correctDrift', () => {
  it('leaves a drift under the tolerance alone', () => {
    expect(correctDrift(10 + (ROOM_RULES.driftToleranceMs - 1) / 1000, 10)).toEqual({ kind: 'none' });
  });

  it('nudges the rate toward the room for a small drift: slower when ahead, faster when behind', () => {
    expect(correctDrift(10.2, 10)).toEqual({ kind: 'rate', rate: 0.95 });
    expect(correctDrift(9.8, 10)).toEqual({ kind: 'rate', rate: 1.05 });
    expect(correctDrift(12.5, 10)).toEqual({ kind: 'rate', rate: 0.9 });
    expect(correctDrift(10 - ROOM_RULES.driftSeekThresholdMs / 1000, 10)).toEqual({ kind: 'rate', rate: 1.1 });
  });

  it('seeks beyond the threshold', () => {
    expect(correctDrift(10, 10 + ROOM_RULES.driftSeekThresholdMs / 1000 + 0.01)).toEqual({ kind: 'seek', toSeconds: 13.01 });
  });
});

describe('isNewerState', () => {
  it('accepts only a higher version', () => {
    const applied = buildPlaybackState({ version: 4 });

    expect(isNewerState(buildPlaybackState({ version: 5 }), applied)).toBe(true);
    expect(isNewerState(buildPlaybackState({ version: 4 }), applied)).toBe(false);
    expect(isNewerState(buildPlaybackState({ version: 3 }), applied)).toBe(false);
  });
});

describe('playbackToastOf', () => {
  const ayse = buildRoomMember({ id: 7, profileName: 'Ayşe' });

  it("says who did what and where, for someone else's change", () => {
    expect(playbackToastOf(buildPlaybackState({ positionSeconds: 751, lastAction: { action: 'pause', by: ayse } }), 8)).toBe(
      'Ayşe durdurdu · 12:31',
    );
    expect(playbackToastOf(buildPlaybackState({ positionSeconds: 65, lastAction: { action: 'play', by: ayse } }), 8)).toBe(
      'Ayşe oynattı · 1:05',
    );
    expect(playbackToastOf(buildPlaybackState({ positionSeconds: 3725, lastAction: { action: 'seek', by: ayse } }), null)).toBe(
      'Ayşe ileri/geri sardı · 1:02:05',
    );
  });

  it("says nothing about the viewer's own change or before any", () => {
    expect(playbackToastOf(buildPlaybackState({ lastAction: { action: 'pause', by: ayse } }), 7)).toBeNull();
    expect(playbackToastOf(buildPlaybackState({ lastAction: null }), 7)).toBeNull();
  });
});

describe('memberCommandOf', () => {
  const paused = buildPlaybackState({ status: 'paused', positionSeconds: 20, serverTime: 10_000 });
  const playing = buildPlaybackState({ status: 'playing', positionSeconds: 20, serverTime: 10_000 });

  it('reads a play or pause that goes against the applied state as the member’s command', () => {
    expect(memberCommandOf('play', { currentTime: 20, paused: false, ended: false }, paused, 10_000)).toEqual({
      action: 'play',
      positionSeconds: 20,
    });
    expect(memberCommandOf('pause', { currentTime: 22, paused: true, ended: false }, playing, 12_000)).toEqual({
      action: 'pause',
      positionSeconds: 22,
    });
  });

  it('ignores events that agree with the applied state, are stale, or are the end of the episode', () => {
    expect(memberCommandOf('play', { currentTime: 20, paused: false, ended: false }, playing, 10_000)).toBeNull();
    expect(memberCommandOf('pause', { currentTime: 20, paused: true, ended: false }, paused, 10_000)).toBeNull();
    expect(memberCommandOf('play', { currentTime: 20, paused: true, ended: false }, paused, 10_000)).toBeNull();
    expect(memberCommandOf('pause', { currentTime: 20, paused: false, ended: false }, playing, 10_000)).toBeNull();
    expect(memberCommandOf('pause', { currentTime: 50, paused: true, ended: true }, playing, 40_000)).toBeNull();
  });

  it('reads a seek away from the expected position as a command, and a tiny one as the player’s own', () => {
    expect(memberCommandOf('seeked', { currentTime: 95, paused: false, ended: false }, playing, 15_000)).toEqual({
      action: 'seek',
      positionSeconds: 95,
    });
    expect(memberCommandOf('seeked', { currentTime: 25.2, paused: false, ended: false }, playing, 15_000)).toBeNull();
  });
});

describe('anticipatedState', () => {
  it('applies the command at once, keeping the version so the server’s answer replaces it', () => {
    const current = buildPlaybackState({ status: 'playing', positionSeconds: 20, version: 6 });

    expect(anticipatedState(current, { action: 'pause', positionSeconds: 31 }, 70_000)).toMatchObject({
      status: 'paused',
      positionSeconds: 31,
      serverTime: 70_000,
      version: 6,
    });
    expect(anticipatedState(current, { action: 'seek', positionSeconds: 5 }, 70_000).status).toBe('playing');
  });
});
