import { ROOM_MESSAGES, ROOM_RULES, type PlaybackState } from '@seyirlik/shared-contracts';
import { act, render, screen } from '@testing-library/react';
import { createStore, Provider } from 'jotai';
import { useEffect } from 'react';
import { FakeSocket } from '../../../test/FakeSocket';
import { buildSessionUser } from '../../../test/builders';
import { mockFetch, sentBody } from '../../../test/mockFetch';
import type { ChannelLiveState } from '../../lib/channelMembership';
import { sessionAtom } from '../session/session';
import { Toaster } from '../toast/Toaster';
import { FakePlayer, flush } from './FakePlayer';
import { buildPlaybackState, buildRoomDetail, buildRoomMember } from './roomBuilders';
import { usePlaybackSync } from './usePlaybackSync';

const fakeSocket = new FakeSocket();
jest.mock('../realtime/socket', () => ({ getSocket: () => fakeSocket }));

const CODE = 'Abc123Def456';
const mert = buildRoomMember({ id: 8, username: 'mert', profileName: 'Mert Kaya' });

function SyncProbe({ player, live, initial }: { player: FakePlayer; live: ChannelLiveState['status']; initial: PlaybackState }) {
  const sync = usePlaybackSync({ code: CODE, initial, canControl: true, live });
  const { attach } = sync;
  useEffect(() => attach(player), [attach, player]);
  return <p data-testid="autoplay">{sync.autoplay}</p>;
}

function renderSync(live: ChannelLiveState['status'], initial = buildPlaybackState({ status: 'paused', positionSeconds: 10 })) {
  const store = createStore();
  store.set(sessionAtom, { loaded: true, user: buildSessionUser({ id: 7 }), recaptchaSiteKey: null });
  const player = new FakePlayer();
  const view = render(
    <Provider store={store}>
      <SyncProbe player={player} live={live} initial={initial} />
      <Toaster />
    </Provider>,
  );
  const rerender = (next: ChannelLiveState['status']) =>
    view.rerender(
      <Provider store={store}>
        <SyncProbe player={player} live={next} initial={initial} />
        <Toaster />
      </Provider>,
    );
  return { player, rerender };
}

const emitted = (event: string) => fakeSocket.emitted.filter((sent) => sent.event === event);
const toastTexts = () => screen.queryAllByText(/./, { selector: '.toast__message' }).map((toast) => toast.textContent);

describe('usePlaybackSync', () => {
  let fetchMock: jest.Mock;

  beforeEach(() => {
    fakeSocket.emitted.length = 0;
    fakeSocket.connected = true;
    fetchMock = mockFetch(() => ({ status: 200, body: buildRoomDetail({ playback: buildPlaybackState({ status: 'paused', positionSeconds: 10 }) }) }));
  });

  afterEach(() => {
    jest.restoreAllMocks();
  });

  it("sends the member's pause over the socket and applies the server's answer", async () => {
    const { player } = renderSync('live', buildPlaybackState({ status: 'playing', positionSeconds: 0, serverTime: Date.now() }));
    await act(flush);
    expect(player.paused).toBe(false);

    act(() => player.pause());

    const [command] = emitted('room.playback');
    expect(command!.args).toEqual([{ code: CODE, action: 'pause', positionSeconds: expect.any(Number) }]);
    await act(async () =>
      command!.ack!({
        ok: true,
        playback: buildPlaybackState({ status: 'paused', positionSeconds: 0, version: 2, lastAction: { action: 'pause', by: buildRoomMember() } }),
      }),
    );
    await act(flush);
    expect(player.paused).toBe(true);
    // The member's own change is not announced to them.
    expect(toastTexts()).toEqual([]);
  });

  it('shows the refusal and goes back to the room when the server refuses the command', async () => {
    const { player } = renderSync('live', buildPlaybackState({ status: 'playing', positionSeconds: 0, serverTime: Date.now() }));
    await act(flush);

    act(() => player.pause());
    await act(async () => emitted('room.playback')[0]!.ack!({ ok: false, message: ROOM_MESSAGES.controlDenied }));
    await act(flush);

    expect(toastTexts()).toEqual([ROOM_MESSAGES.controlDenied]);
    expect(player.paused).toBe(false);
  });

  it('sends the command over HTTP while the socket is down', async () => {
    fakeSocket.connected = false;
    const { player } = renderSync('offline');
    await act(flush);
    fetchMock = mockFetch(() => ({ status: 200, body: buildPlaybackState({ status: 'playing', positionSeconds: 10, serverTime: Date.now(), version: 2 }) }));

    await act(async () => {
      await player.play();
      await flush();
    });

    expect(emitted('room.playback')).toEqual([]);
    expect(fetchMock).toHaveBeenCalledWith(`/api/rooms/${CODE}/playback`, expect.objectContaining({ method: 'POST' }));
    expect(sentBody(fetchMock)).toEqual({ action: 'play', positionSeconds: 10 });
    expect(player.paused).toBe(false);
  });

  it('follows a change someone else made, with a toast saying who and where', async () => {
    const { player } = renderSync('live');
    await act(flush);

    await act(async () => {
      fakeSocket.fire('room.playbackChanged', {
        code: CODE,
        playback: buildPlaybackState({ status: 'paused', positionSeconds: 451, version: 5, lastAction: { action: 'seek', by: mert } }),
      });
      await flush();
    });

    expect(player.currentTime).toBe(451);
    expect(toastTexts()).toEqual(['Mert Kaya ileri/geri sardı · 7:31']);
  });

  it('ignores changes of other rooms and older versions', async () => {
    const { player } = renderSync('live', buildPlaybackState({ status: 'paused', positionSeconds: 10, version: 3 }));
    await act(flush);

    act(() => {
      fakeSocket.fire('room.playbackChanged', { code: 'Zzz999Zzz999', playback: buildPlaybackState({ positionSeconds: 99, version: 9 }) });
      fakeSocket.fire('room.playbackChanged', { code: CODE, playback: buildPlaybackState({ positionSeconds: 99, version: 2 }) });
    });
    await act(flush);

    expect(player.currentTime).toBe(10);
    expect(toastTexts()).toEqual([]);
  });

  it('measures the clock with a few pings and fetches the room state again at every join', async () => {
    const { rerender } = renderSync('offline');
    expect(emitted('clock.ping')).toHaveLength(0);

    rerender('live');
    for (let ping = 0; ping < ROOM_RULES.clockSamples; ping += 1) {
      expect(emitted('clock.ping')).toHaveLength(ping + 1);
      await act(async () => emitted('clock.ping')[ping]!.ack!({ serverTime: Date.now() }));
    }
    await act(flush);

    expect(emitted('clock.ping')).toHaveLength(ROOM_RULES.clockSamples);
    expect(fetchMock).toHaveBeenCalledWith(`/api/rooms/${CODE}`, expect.objectContaining({ method: 'GET' }));
  });
});
