import type { SessionUser, SkipSegmentList, SkipSegmentView } from '@seyirlik/shared-contracts';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { createStore } from 'jotai';
import { useEffect } from 'react';
import { FakeSocket } from '../../../test/FakeSocket';
import { buildSessionUser } from '../../../test/builders';
import { mockFetch, sentBody } from '../../../test/mockFetch';
import { renderInRouter } from '../../../test/renderInRouter';
import { sessionAtom } from '../session/session';
import { SkipButton } from './SkipButton';
import { buildSkipSegment } from './skipSegmentBuilders';
import { SkipSegmentsPanel } from './SkipSegmentsPanel';
import { useSkipSegmentsPlayer } from './useSkipSegmentsPlayer';

const fakeSocket = new FakeSocket();
jest.mock('../realtime/socket', () => ({ getSocket: () => fakeSocket, reconnectSocket: jest.fn() }));

const SOURCE_ID = 11;
const NEXT = '/';

/** A <video> whose position the test sets, as playback would. */
function fakeVideo() {
  const video = document.createElement('video');
  Object.defineProperty(video, 'currentTime', { value: 0, writable: true });
  return video;
}

function playTo(video: HTMLVideoElement, seconds: number) {
  act(() => {
    video.currentTime = seconds;
    video.dispatchEvent(new Event('timeupdate'));
  });
}

/** The player's side as VideoPlayer drives it: the skip tracker attached to its <video>. */
function Player({ video, nextPath, kind = 'mp4' }: { video: HTMLVideoElement; nextPath: string | null; kind?: string }) {
  const skip = useSkipSegmentsPlayer({ source: { id: SOURCE_ID, kind }, episodeId: 5, nextPath, canSkip: true });
  const { attach } = skip.playback;
  useEffect(() => attach(video), [attach, video]);
  return (
    <>
      <SkipButton player={skip} />
      <SkipSegmentsPanel player={skip} />
    </>
  );
}

function renderPlayer(segments: SkipSegmentView[], { user = buildSessionUser() as SessionUser | null, nextPath = NEXT as string | null, kind = 'mp4' } = {}) {
  const list: SkipSegmentList = { sourceId: SOURCE_ID, episodeId: 5, durationSeconds: 2700, segments };
  const fetchMock = mockFetch((path) => {
    if (path === `/api/sources/${SOURCE_ID}/skip-segments`) return { status: 200, body: list };
    if (path === '/api/skip-segments/2/votes') return { status: 200, body: segments[0] };
    return { status: 404, body: { statusCode: 404, message: 'yok' } };
  });
  const store = createStore();
  store.set(sessionAtom, { loaded: true, user, recaptchaSiteKey: null });
  const video = fakeVideo();
  const view = renderInRouter(<Player video={video} nextPath={nextPath} kind={kind} />, { path: '/dizi/x/1-sezon/1-bolum', store });
  return { video, fetchMock, ...view };
}

describe('skip segments on the player', () => {
  beforeEach(() => {
    jest.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
  });

  afterEach(() => {
    window.localStorage.clear();
    jest.restoreAllMocks();
  });

  it('offers "Girişi atla" only while playback is inside an agreed intro, and lands at its end', async () => {
    const { video } = renderPlayer([buildSkipSegment()]);
    await screen.findByRole('heading', { name: 'Bölüm işaretle' });

    playTo(video, 9);
    expect(screen.queryByRole('button', { name: 'Girişi atla' })).toBeNull();
    playTo(video, 10);
    expect(screen.getByRole('button', { name: 'Girişi atla' })).toBeTruthy();
    playTo(video, 40);
    expect(screen.queryByRole('button', { name: 'Girişi atla' })).toBeNull();

    playTo(video, 25);
    fireEvent.click(screen.getByRole('button', { name: 'Girişi atla' }));
    expect(video.currentTime).toBe(40);
    expect(screen.queryByRole('button', { name: 'Girişi atla' })).toBeNull();
  });

  it('offers someone else’s unagreed marking for votes only, and the member’s own for skipping at once', async () => {
    const others = buildSkipSegment({ id: 2, kind: 'recap', startSeconds: 50, endSeconds: 80, status: 'pending', confirmations: 1, confirmationsNeeded: 2, skippable: false });
    const own = buildSkipSegment({ id: 3, startSeconds: 100, endSeconds: 130, status: 'pending', confirmations: 1, confirmationsNeeded: 2, mine: true, myVote: 'confirm' });
    const { video, fetchMock } = renderPlayer([others, own]);
    await screen.findByText('Özet 0:50 – 1:20');

    playTo(video, 60);
    expect(screen.queryByRole('button', { name: 'Özeti atla' })).toBeNull();
    playTo(video, 110);
    expect(screen.getByRole('button', { name: 'Girişi atla' })).toBeTruthy();

    expect(screen.getAllByText('1 onay, 0 ret · 2 onay daha gerekli')).toHaveLength(2);
    fireEvent.click(screen.getAllByRole('button', { name: 'Onayla' })[0]!);
    await waitFor(() => expect(fetchMock.mock.calls.some(([path]) => path === '/api/skip-segments/2/votes')).toBe(true));
    const voteCall = fetchMock.mock.calls.findIndex(([path]) => path === '/api/skip-segments/2/votes');
    expect(sentBody(fetchMock, voteCall)).toEqual({ vote: 'confirm' });
  });

  it('skips intros and recaps by itself once the member turned it on, but waits for a click on the credits', async () => {
    const intro = buildSkipSegment();
    const credits = buildSkipSegment({ id: 4, kind: 'credits', startSeconds: 2600, endSeconds: 2700 });
    const { video, router } = renderPlayer([intro, credits]);
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Giriş ve özetleri otomatik atla' }));

    playTo(video, 12);
    expect(video.currentTime).toBe(40);

    playTo(video, 2650);
    expect(video.currentTime).toBe(2650);
    const nextButton = screen.getByRole('button', { name: 'Sonraki bölüm' });
    fireEvent.click(nextButton);
    await waitFor(() => expect(router.state.location.pathname).toBe(NEXT));
  });

  it('keeps the automatic skip as the member’s choice in this browser', async () => {
    const first = renderPlayer([buildSkipSegment()]);
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Giriş ve özetleri otomatik atla' }));
    first.unmount();

    const { video } = renderPlayer([buildSkipSegment()]);
    expect(((await screen.findByRole('checkbox', { name: 'Giriş ve özetleri otomatik atla' })) as HTMLInputElement).checked).toBe(true);
    playTo(video, 20);
    expect(video.currentTime).toBe(40);
  });

  it('skips the credits to their end when no episode follows', async () => {
    const { video } = renderPlayer([buildSkipSegment({ kind: 'credits', startSeconds: 2600, endSeconds: 2700 })], { nextPath: null });
    await screen.findByRole('heading', { name: 'Bölüm işaretle' });

    playTo(video, 2610);
    fireEvent.click(screen.getByRole('button', { name: 'Jeneriği atla' }));
    expect(video.currentTime).toBe(2700);
  });

  it('offers nothing for an embedded player, which has no playhead', async () => {
    const { video, fetchMock, router } = renderPlayer([buildSkipSegment()], { kind: 'embed' });
    await waitFor(() => expect(router.state.status).toBe('idle'));

    playTo(video, 20);
    expect(screen.queryByRole('button', { name: 'Girişi atla' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Bölüm işaretle' })).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
