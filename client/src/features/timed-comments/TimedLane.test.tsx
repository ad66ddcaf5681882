import { TIMED_COMMENT_MESSAGES as TM, TIMED_COMMENT_RULES, type TimedComment, type TimedCommentWindow } from '@seyirlik/shared-contracts';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { createStore } from 'jotai';
import { useState } from 'react';
import { buildSessionUser } from '../../../test/builders';
import { FakeSocket } from '../../../test/FakeSocket';
import { mockFetch, type FakeReply } from '../../../test/mockFetch';
import { renderInRouter } from '../../../test/renderInRouter';
import { sessionAtom } from '../session/session';
import { TimedLane } from './TimedLane';
import { TimedOverlay } from './TimedOverlay';
import { useTimedComments } from './useTimedComments';

const fakeSocket = new FakeSocket();
jest.mock('../realtime/socket', () => ({ getSocket: () => fakeSocket }));

const EPISODE_ID = 55;
const MEMBER = buildSessionUser({ id: 7, username: 'mehmet', profileName: 'Mehmet' });
const author = { id: 9, username: 'ayse', profileName: 'Ayşe', avatarUrl: null };
const entry = (id: number, positionSeconds: number, text: string): TimedComment => ({ id, positionSeconds, text, author, createdAt: '2025-01-01T00:00:00Z' });

/** The episode's timed comments as the server holds them; windows are cut from them as the API does. */
let stored: TimedComment[] = [];
let fetchMock: jest.Mock;
let setPlayhead: (seconds: number | null) => void;

function serve() {
  fetchMock = mockFetch((path, init): FakeReply => {
    const url = new URL(path, 'http://localhost');
    if (url.pathname === `/api/episodes/${EPISODE_ID}/timed-comments` && (init.method ?? 'GET') === 'GET') {
      const [from, to] = [Number(url.searchParams.get('from')), Number(url.searchParams.get('to'))];
      const body: TimedCommentWindow = { comments: stored.filter((comment) => comment.positionSeconds >= from && comment.positionSeconds < to), hasMore: false };
      return { status: 200, body };
    }
    if (url.pathname === `/api/episodes/${EPISODE_ID}/timed-comments` && init.method === 'POST') {
      const sent = JSON.parse(String(init.body)) as { text: string; positionSeconds: number };
      return { status: 201, body: entry(500, sent.positionSeconds, sent.text) };
    }
    if (url.pathname.endsWith('/heat')) return { status: 200, body: { durationSeconds: 2700, buckets: Array<number>(100).fill(0) } };
    if (url.pathname === '/api/rooms/replays') return { status: 200, body: { rooms: [] } };
    return { status: 404, body: { statusCode: 404, message: 'yok' } };
  });
}

function Harness({ start }: { start: number | null }) {
  const [playhead, set] = useState(start);
  setPlayhead = set;
  const timed = useTimedComments({ episodeId: EPISODE_ID, durationSeconds: 2700, playhead });
  return (
    <>
      <TimedOverlay timed={timed} />
      <TimedLane timed={timed} />
    </>
  );
}

function renderLane(start: number | null, user: typeof MEMBER | null = null) {
  const store = createStore();
  store.set(sessionAtom, { loaded: true, user, recaptchaSiteKey: null });
  return renderInRouter(<Harness start={start} />, { store });
}

const windowReads = () =>
  fetchMock.mock.calls
    .map(([path]) => new URL(String(path), 'http://localhost'))
    .filter((url) => url.pathname.endsWith('/timed-comments'))
    .map((url) => `${url.searchParams.get('from')}-${url.searchParams.get('to')}`);

const play = (seconds: number) => act(() => setPlayhead(seconds));

describe('TimedLane', () => {
  beforeEach(() => {
    stored = [entry(1, 3, 'Üçüncü saniye'), entry(2, 50, 'Ellinci saniye'), entry(3, 70, 'Yetmişinci saniye')];
    serve();
  });

  it('shows a timed comment only once the playhead reaches its second, never before', async () => {
    renderLane(2);
    // The playhead's window and the next one are read ahead of time...
    await waitFor(() => expect(windowReads()).toEqual(['0-60', '60-120']));
    // ...and held: nothing ahead of the playhead is on the page.
    expect(screen.getByText(TM.laneEmpty)).toBeTruthy();
    expect(screen.queryByText('Üçüncü saniye')).toBeNull();
    expect(screen.queryByText('Yetmişinci saniye')).toBeNull();

    play(3);
    expect(screen.getByText('Üçüncü saniye')).toBeTruthy();
    expect(screen.queryByText('Ellinci saniye')).toBeNull();

    play(69);
    expect(screen.getByText('Ellinci saniye')).toBeTruthy();
    expect(screen.queryByText('Yetmişinci saniye')).toBeNull();
    await waitFor(() => expect(windowReads()).toContain('120-180'));
    play(70);
    expect(screen.getByText('Yetmişinci saniye')).toBeTruthy();
  });

  it('holds a pushed timed comment until the playhead reaches it, and drops it when deleted', async () => {
    renderLane(5);
    await waitFor(() => expect(windowReads()).toHaveLength(2));
    act(() => fakeSocket.fire('timedComment.created', { episodeId: EPISODE_ID, comment: entry(9, 10, 'Canlı gelen') }));
    act(() => fakeSocket.fire('timedComment.created', { episodeId: EPISODE_ID + 1, comment: entry(10, 4, 'Başka bölüm') }));
    expect(screen.queryByText('Canlı gelen')).toBeNull();
    expect(screen.queryByText('Başka bölüm')).toBeNull();

    play(10);
    expect(screen.getByText('Canlı gelen')).toBeTruthy();
    act(() => fakeSocket.fire('comment.deleted', { id: 9, parentId: null, hasReplies: false }));
    expect(screen.queryByText('Canlı gelen')).toBeNull();
  });

  it('after joining the timeline, reads its windows again at once and once more when no cached answer predates the join', async () => {
    jest.useFakeTimers();
    try {
      renderLane(5);
      await waitFor(() => expect(windowReads()).toHaveLength(2));
      act(() => fakeSocket.fire('connect'));
      const join = fakeSocket.emitted.filter((sent) => sent.event === 'room.join').at(-1)!;
      expect(join.args[0]).toEqual({ room: `content:timeline-${EPISODE_ID}` });
      await act(async () => join.ack!({ ok: true }));
      await waitFor(() => expect(windowReads()).toHaveLength(4));

      // Pinned before the join, but missing from the answers a server cache gave at first.
      stored.push(entry(8, 4, 'Katılmadan önce'));
      expect(screen.queryByText('Katılmadan önce')).toBeNull();
      await act(async () => jest.advanceTimersByTime(TIMED_COMMENT_RULES.rereadAfterJoinMs));
      await waitFor(() => expect(screen.getByText('Katılmadan önce')).toBeTruthy());
      expect(windowReads()).toHaveLength(6);
    } finally {
      act(() => fakeSocket.fire('disconnect'));
      jest.useRealTimers();
    }
  });

  it('reads nothing and shows nothing without a playhead (an embedded player)', async () => {
    renderLane(null);
    await act(async () => {
      await Promise.resolve();
    });
    expect(windowReads()).toEqual([]);
    expect(screen.queryByText('Üçüncü saniye')).toBeNull();
  });

  it('shows the newest reached comment over the video instead of the list when switched on', async () => {
    renderLane(4);
    await waitFor(() => expect(screen.getByText('Üçüncü saniye')).toBeTruthy());
    fireEvent.click(screen.getByRole('checkbox', { name: TM.overVideo }));
    expect(screen.getByText('Ayşe: Üçüncü saniye')).toBeTruthy();
    expect(screen.queryByRole('list')).toBeNull();
    play(30);
    expect(screen.queryByText('Ayşe: Üçüncü saniye')).toBeNull();
  });

  it('pins a member’s comment to the second the playhead is at', async () => {
    renderLane(42, MEMBER);
    await waitFor(() => expect(windowReads()).toHaveLength(2));
    expect(screen.getByText(TM.pinAt('0:42'))).toBeTruthy();
    fireEvent.change(screen.getByRole('textbox', { name: TM.composerLabel }), { target: { value: 'Tam şimdi' } });
    fireEvent.click(screen.getByRole('button', { name: TM.pinHere }));

    await waitFor(() => expect(screen.getByText('Tam şimdi')).toBeTruthy());
    const post = fetchMock.mock.calls.find(([, init]) => (init as RequestInit).method === 'POST')!;
    expect(JSON.parse(String((post[1] as RequestInit).body))).toEqual({ text: 'Tam şimdi', positionSeconds: 42, clientKey: expect.any(String) });
  });
});
