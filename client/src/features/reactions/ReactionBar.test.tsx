import { REACTION_MESSAGES as M, REACTION_NAMES, type ReactionSummary } from '@seyirlik/shared-contracts';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { FakeSocket } from '../../../test/FakeSocket';
import { mockFetch, sentBody } from '../../../test/mockFetch';
import { ReactionBar } from './ReactionBar';

const fakeSocket = new FakeSocket();
jest.mock('../realtime/socket', () => ({ getSocket: () => fakeSocket }));

const POST_ID = 41;
const noCounts = { like: 0, love: 0, haha: 0, wow: 0, sad: 0, angry: 0 };
const summary = (overrides: Partial<ReactionSummary> = {}): ReactionSummary => ({ counts: { ...noCounts, like: 2 }, total: 2, mine: null, version: 2, ...overrides });

describe('ReactionBar', () => {
  it('turns the chosen reaction into the remove control, raises its count and adds its icon', async () => {
    const fetchMock = mockFetch((path, init) =>
      init.method === 'PUT' && path === `/api/flow/posts/${POST_ID}/reaction`
        ? { status: 200, body: summary({ counts: { ...noCounts, like: 2, love: 1 }, total: 3, mine: 'love', version: 3 }) }
        : { status: 404, body: { message: 'yok' } },
    );
    render(<ReactionBar postId={POST_ID} summary={summary()} />);
    expect(screen.queryByLabelText(M.reactionCount(REACTION_NAMES.love, 1))).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: REACTION_NAMES.love }));

    expect(await screen.findByRole('button', { name: M.removeReaction(REACTION_NAMES.love) })).toBeTruthy();
    expect(screen.getByLabelText(M.reactionCount(REACTION_NAMES.love, 1))).toBeTruthy();
    expect(screen.queryByRole('group', { name: M.chooseReaction })).toBeNull();
    expect(sentBody(fetchMock)).toEqual({ kind: 'love' });
  });

  it('joins the post’s channel and keeps the pushed counts with the highest version', async () => {
    mockFetch(() => ({ status: 200, body: summary() }));
    render(<ReactionBar postId={POST_ID} summary={summary()} />);
    act(() => fakeSocket.fire('connect'));
    await waitFor(() => expect(fakeSocket.emitted.some((sent) => sent.event === 'room.join' && (sent.args[0] as { room: string }).room === `post:${POST_ID}`)).toBe(true));

    const pushed = (postId: number, counts: ReactionSummary['counts'], total: number, version: number) =>
      act(() => fakeSocket.fire('post.countsChanged', { postId, poll: null, reactions: { postId, counts, total, version } }));
    pushed(POST_ID, { ...noCounts, like: 2, wow: 5 }, 7, 9);
    pushed(POST_ID, { ...noCounts, like: 1 }, 1, 4);
    pushed(999, { ...noCounts, sad: 9 }, 9, 99);

    expect(screen.getByLabelText(M.reactionCount(REACTION_NAMES.wow, 5))).toBeTruthy();
    expect(screen.getByLabelText(M.reactionCount(REACTION_NAMES.like, 2))).toBeTruthy();
    expect(screen.queryByLabelText(M.reactionCount(REACTION_NAMES.sad, 9))).toBeNull();
  });
});
