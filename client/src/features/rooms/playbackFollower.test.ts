import type { PlaybackCommand } from '@seyirlik/shared-contracts';
import { FakePlayer, flush } from './FakePlayer';
import { PlaybackFollower, SYNC_TICK_MS, type AutoplayState } from './playbackFollower';
import { buildPlaybackState, buildRoomMember } from './roomBuilders';

describe('PlaybackFollower', () => {
  let now: number;
  let sent: PlaybackCommand[];
  let denied: jest.Mock;
  let autoplay: AutoplayState[];

  function follow(initial = buildPlaybackState(), { canControl = true, refuse = 'nothing' as FakePlayer['refuse'] } = {}) {
    const sut = new PlaybackFollower(initial, {
      serverNow: () => now,
      canControl,
      send: (command) => sent.push(command),
      denied,
      autoplayChanged: (state) => autoplay.push(state),
    });
    const player = new FakePlayer();
    player.refuse = refuse;
    const detach = sut.attach(player);
    return { sut, player, detach };
  }

  beforeEach(() => {
    jest.useFakeTimers();
    now = 1_000_000;
    sent = [];
    denied = jest.fn();
    autoplay = [];
  });

  afterEach(() => {
    jest.useRealTimers();
  });

  it('puts a late joiner where the room is: playing, at the position advanced since', async () => {
    now = 1_030_000;
    const { player } = follow(buildPlaybackState({ status: 'playing', positionSeconds: 100, serverTime: 1_000_000 }));
    await flush();

    expect(player.seeks).toEqual([130]);
    expect(player.paused).toBe(false);
    expect(sent).toEqual([]);
  });

  it('applies newer states only, pausing and seeking to the paused position', async () => {
    const { sut, player } = follow(buildPlaybackState({ status: 'playing', positionSeconds: 0, serverTime: now, version: 3 }));
    await flush();
    expect(player.paused).toBe(false);

    expect(sut.receive(buildPlaybackState({ status: 'paused', positionSeconds: 42, version: 2 }))).toBe(false);
    expect(player.paused).toBe(false);

    expect(sut.receive(buildPlaybackState({ status: 'paused', positionSeconds: 42, version: 4 }))).toBe(true);
    await flush();
    expect(player.paused).toBe(true);
    expect(player.currentTime).toBe(42);
    // The follower's own pause and seek are not the member's commands.
    expect(sent).toEqual([]);
  });

  it('corrects drift: nothing within the tolerance, a rate nudge up to the threshold, a seek beyond', async () => {
    const { player } = follow(buildPlaybackState({ status: 'playing', positionSeconds: 0, serverTime: now }));
    await flush();

    now += 10_000;
    player.advance(10.03);
    jest.advanceTimersByTime(SYNC_TICK_MS);
    expect(player.playbackRate).toBe(1);

    now += 1_000;
    player.advance(0.5);
    jest.advanceTimersByTime(SYNC_TICK_MS);
    expect(player.playbackRate).toBe(1.05);

    player.advance(0.47);
    jest.advanceTimersByTime(SYNC_TICK_MS);
    expect(player.playbackRate).toBe(1);

    now += 5_000;
    jest.advanceTimersByTime(SYNC_TICK_MS);
    expect(player.seeks.at(-1)).toBeCloseTo(16, 5);
    await flush();
    expect(sent).toEqual([]);
  });

  it("lands exactly on someone's seek of under the seek threshold, and nudges only the drift after it", async () => {
    const { sut, player } = follow(buildPlaybackState({ status: 'playing', positionSeconds: 0, serverTime: now, version: 1 }));
    await flush();
    now += 10_000;
    player.advance(10);

    const seek = { action: 'seek' as const, by: buildRoomMember({ id: 8, username: 'mert', profileName: 'Mert Kaya' }) };
    expect(sut.receive(buildPlaybackState({ status: 'playing', positionSeconds: 12, serverTime: now, version: 2, lastAction: seek }))).toBe(true);
    await flush();

    expect(player.seeks).toEqual([12]);
    expect(player.playbackRate).toBe(1);
    expect(sent).toEqual([]);

    now += 1_000;
    player.advance(0.5);
    jest.advanceTimersByTime(SYNC_TICK_MS);
    expect(player.playbackRate).toBe(1.05);
    expect(player.seeks).toEqual([12]);
  });

  /** A member seeks from 10 s to 12 s in a playing room; 150 ms later the server's state of that seek (taken 80 ms after it) arrives. */
  async function memberSeeksTo12() {
    const followed = follow(buildPlaybackState({ status: 'playing', positionSeconds: 0, serverTime: now, version: 1 }));
    await flush();
    now += 10_000;
    followed.player.advance(10);

    followed.player.currentTime = 12;
    await flush();
    expect(sent).toEqual([{ action: 'seek', positionSeconds: 12 }]);
    now += 150;
    followed.player.advance(0.15);
    const own = buildPlaybackState({ status: 'playing', positionSeconds: 12, serverTime: now - 80, version: 2, lastAction: { action: 'seek', by: buildRoomMember() } });
    return { ...followed, own };
  }

  it("does not seek again when the server confirms the member's own seek", async () => {
    const { sut, player, own } = await memberSeeksTo12();

    expect(sut.confirm(own)).toBe(true);
    await flush();

    // 70 ms ahead of the room: drift, nudged by slowing down.
    expect(player.seeks).toEqual([12]);
    expect(player.playbackRate).toBe(0.95);
  });

  it("does not seek again when the room's push of the member's own seek comes before the server's answer", async () => {
    const { sut, player, own } = await memberSeeksTo12();

    // The push reaches the page first; the answer to the command follows with the same state.
    expect(sut.receive(own)).toBe(true);
    jest.advanceTimersByTime(SYNC_TICK_MS);
    expect(sut.confirm(own)).toBe(false);
    await flush();
    jest.advanceTimersByTime(SYNC_TICK_MS);

    // 70 ms ahead of the room is drift, nudged by slowing down, not a second seek.
    expect(player.seeks).toEqual([12]);
    expect(player.playbackRate).toBe(0.95);
  });

  it("sends the member's pause and keeps the player paused until the server answers", async () => {
    const { sut, player } = follow(buildPlaybackState({ status: 'playing', positionSeconds: 0, serverTime: now, version: 1 }));
    await flush();
    now += 12_000;
    player.advance(12);

    player.pause();

    expect(sent).toEqual([{ action: 'pause', positionSeconds: 12 }]);
    jest.advanceTimersByTime(SYNC_TICK_MS * 4);
    expect(player.paused).toBe(true);

    expect(sut.confirm(buildPlaybackState({ status: 'paused', positionSeconds: 12, version: 2 }))).toBe(true);
    jest.advanceTimersByTime(SYNC_TICK_MS);
    expect(player.paused).toBe(true);
    expect(player.play).toHaveBeenCalledTimes(1);
  });

  it("keeps following the member's command while it awaits its answer, whatever else arrives meanwhile", async () => {
    const { sut, player } = follow(buildPlaybackState({ status: 'playing', positionSeconds: 0, serverTime: now, version: 1 }));
    await flush();
    now += 4_000;
    player.advance(4);

    player.pause();
    // Someone else's seek, committed just before the member's pause.
    expect(sut.receive(buildPlaybackState({ status: 'playing', positionSeconds: 3, serverTime: now, version: 2 }))).toBe(true);
    jest.advanceTimersByTime(SYNC_TICK_MS * 2);
    expect(player.paused).toBe(true);
    expect(player.currentTime).toBe(4);

    sut.confirm(buildPlaybackState({ status: 'paused', positionSeconds: 4, version: 3 }));
    jest.advanceTimersByTime(SYNC_TICK_MS);
    expect(player.paused).toBe(true);
    expect(player.currentTime).toBe(4);
  });

  it("sends the member's seek, and goes back to the room's state when the server refuses", async () => {
    const { sut, player } = follow(buildPlaybackState({ status: 'paused', positionSeconds: 30, version: 1 }));
    await flush();

    player.currentTime = 200;
    await flush();
    expect(sent).toEqual([{ action: 'seek', positionSeconds: 200 }]);

    sut.reject();
    await flush();
    expect(player.currentTime).toBe(30);
    expect(sent).toHaveLength(1);
  });

  it("keeps the member's seek while paused when a tick comes between the seek's end and its seeked event", async () => {
    const { player } = follow(buildPlaybackState({ status: 'paused', positionSeconds: 3, version: 1 }));
    await flush();
    player.holdSeeks = true;

    player.currentTime = 5;
    player.finishSeek({ seekedLater: true });
    jest.advanceTimersByTime(SYNC_TICK_MS);
    expect(player.seeks).toEqual([3, 5]);
    expect(sent).toEqual([]);

    player.fire('seeked');
    await flush();
    expect(sent).toEqual([{ action: 'seek', positionSeconds: 5 }]);
    jest.advanceTimersByTime(SYNC_TICK_MS);
    expect(player.currentTime).toBe(5);
    expect(player.seeks).toEqual([3, 5]);
  });

  it("goes back exactly, not by a rate nudge, when the server refuses the member's short seek while playing", async () => {
    const { sut, player } = follow(buildPlaybackState({ status: 'playing', positionSeconds: 0, serverTime: now, version: 1 }));
    await flush();
    now += 10_000;
    player.advance(10);

    player.currentTime = 12;
    await flush();
    sut.reject();
    await flush();

    expect(player.seeks).toEqual([12, 10]);
    expect(player.playbackRate).toBe(1);
  });

  it("sends the member's play when a tick comes between their click and its play event", async () => {
    const { player } = follow(buildPlaybackState({ status: 'paused', positionSeconds: 3, version: 1 }));
    await flush();
    player.holdPlayEvents = true;

    await player.play();
    jest.advanceTimersByTime(SYNC_TICK_MS);
    player.fire('play');
    await flush();

    expect(sent).toEqual([{ action: 'play', positionSeconds: 3 }]);
    expect(player.paused).toBe(false);
    jest.advanceTimersByTime(SYNC_TICK_MS * 4);
    expect(player.paused).toBe(false);
    expect(sent).toHaveLength(1);
  });

  it("sends the member's pause when a tick comes between their click and its pause event", async () => {
    const { player } = follow(buildPlaybackState({ status: 'playing', positionSeconds: 0, serverTime: now, version: 1 }));
    await flush();
    jest.advanceTimersByTime(SYNC_TICK_MS);
    now += 2_000;
    player.advance(2);
    player.holdPauseEvents = true;

    player.pause();
    jest.advanceTimersByTime(SYNC_TICK_MS);
    player.fire('pause');
    await flush();

    expect(sent).toEqual([{ action: 'pause', positionSeconds: 2 }]);
    jest.advanceTimersByTime(SYNC_TICK_MS * 4);
    await flush();
    expect(player.paused).toBe(true);
    expect(player.play).toHaveBeenCalledTimes(1);
    expect(sent).toHaveLength(1);
  });

  it('sends no pause for a player the browser would not start', async () => {
    const { player } = follow(buildPlaybackState({ status: 'playing', positionSeconds: 0, serverTime: now, version: 1 }), { refuse: 'everything' });
    await flush();
    jest.advanceTimersByTime(SYNC_TICK_MS * 4);
    await flush();
    expect(player.paused).toBe(true);
    expect(sent).toEqual([]);
  });

  it("still pauses a player the room was playing in when someone else's pause arrives", async () => {
    const { sut, player } = follow(buildPlaybackState({ status: 'playing', positionSeconds: 0, serverTime: now, version: 1 }));
    await flush();
    expect(player.paused).toBe(false);

    sut.receive(buildPlaybackState({ status: 'paused', positionSeconds: 0, version: 2 }));
    jest.advanceTimersByTime(SYNC_TICK_MS);

    expect(player.paused).toBe(true);
    expect(sent).toEqual([]);
  });

  it('undoes the play of a member without control, sending nothing, when a tick comes first too', async () => {
    const { player } = follow(buildPlaybackState({ status: 'paused', positionSeconds: 30 }), { canControl: false });
    await flush();
    player.holdPlayEvents = true;

    await player.play();
    jest.advanceTimersByTime(SYNC_TICK_MS);
    player.fire('play');

    expect(player.paused).toBe(true);
    expect(sent).toEqual([]);
  });

  it('undoes the play of a member without control, sending nothing', async () => {
    const { player } = follow(buildPlaybackState({ status: 'paused', positionSeconds: 30 }), { canControl: false });
    await flush();

    await player.play();

    expect(denied).toHaveBeenCalledTimes(1);
    expect(player.paused).toBe(true);
    expect(sent).toEqual([]);
  });

  it('drops what a lost connection was waiting for and follows the room again', async () => {
    const { sut, player } = follow(buildPlaybackState({ status: 'playing', positionSeconds: 0, serverTime: now }));
    await flush();
    player.pause();
    expect(sent).toHaveLength(1);

    sut.connectionLost();
    await flush();

    expect(player.paused).toBe(false);
  });

  it('keeps a room that played past the end at the end, without starting the episode over', async () => {
    now = 1_000_000 + 700_000;
    const { player } = follow(buildPlaybackState({ status: 'playing', positionSeconds: 0, serverTime: 1_000_000 }));
    await flush();
    expect(player.seeks).toEqual([600]);
    player.ended = true;

    jest.advanceTimersByTime(SYNC_TICK_MS * 4);

    expect(player.play).not.toHaveBeenCalled();
    expect(player.seeks).toEqual([600]);
  });

  it('starts muted when the browser refuses sound, and unmutes on request', async () => {
    const { sut, player } = follow(buildPlaybackState({ status: 'playing', positionSeconds: 0, serverTime: now }), { refuse: 'sound' });
    await flush();

    expect(player.paused).toBe(false);
    expect(player.muted).toBe(true);
    expect(autoplay).toEqual(['muted']);

    sut.unmute();
    expect(player.muted).toBe(false);
    expect(autoplay).toEqual(['muted', 'allowed']);
  });

  it('waits for a click when the browser refuses even muted playback, staying in step meanwhile', async () => {
    const { sut, player } = follow(buildPlaybackState({ status: 'playing', positionSeconds: 0, serverTime: now }), {
      refuse: 'everything',
    });
    await flush();
    expect(autoplay).toEqual(['blocked']);
    expect(player.muted).toBe(false);

    jest.advanceTimersByTime(SYNC_TICK_MS * 8);
    expect(player.play).toHaveBeenCalledTimes(2);

    now += 20_000;
    player.refuse = 'nothing';
    sut.joinPlayback();
    await flush();

    expect(player.paused).toBe(false);
    expect(player.seeks.at(-1)).toBe(20);
    expect(autoplay).toEqual(['blocked', 'allowed']);
  });

  it('stops following when detached', async () => {
    const { player, detach } = follow(buildPlaybackState({ status: 'paused', positionSeconds: 10 }));
    await flush();

    detach();

    expect(player.listenerCount()).toBe(0);
    player.currentTime = 99;
    jest.advanceTimersByTime(SYNC_TICK_MS * 4);
    await flush();
    expect(player.currentTime).toBe(99);
    expect(sent).toEqual([]);
  });
});
