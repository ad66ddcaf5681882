import { POLL_MESSAGES as M, type PollView } from '@seyirlik/shared-contracts';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { FakeSocket } from '../../../test/FakeSocket';
import { mockFetch, sentBody } from '../../../test/mockFetch';
import { PollCard } from './PollCard';
import { PollComposer, emptyPollDraft, type PollDraft } from './PollComposer';

const fakeSocket = new FakeSocket();
jest.mock('../realtime/socket', () => ({ getSocket: () => fakeSocket }));

const poll = (overrides: Partial<PollView> = {}): PollView => ({
  postId: 8,
  question: 'Finali beğendiniz mi?',
  options: [
    { id: 1, label: 'Evet', votes: 3 },
    { id: 2, label: 'Hayır', votes: 1 },
  ],
  total: 4,
  closesAt: null,
  closed: false,
  myOptionId: null,
  version: 4,
  ...overrides,
});

describe('PollCard', () => {
  it('asks for a choice, then replaces the form with the results and drops the vote button', async () => {
    const fetchMock = mockFetch((path, init) =>
      init.method === 'POST' && path === '/api/flow/posts/8/poll/vote'
        ? { status: 200, body: poll({ options: [{ id: 1, label: 'Evet', votes: 3 }, { id: 2, label: 'Hayır', votes: 2 }], total: 5, myOptionId: 2, version: 5 }) }
        : { status: 404, body: { message: 'yok' } },
    );
    render(<PollCard poll={poll()} />);

    fireEvent.click(screen.getByRole('button', { name: M.vote }));
    expect(screen.getByRole('alert').textContent).toBe(M.optionRequired);

    fireEvent.click(screen.getByLabelText('Hayır'));
    fireEvent.click(screen.getByRole('button', { name: M.vote }));

    expect(await screen.findByText(M.yourVote)).toBeTruthy();
    expect(screen.queryByRole('button', { name: M.vote })).toBeNull();
    expect(screen.queryByRole('button', { name: M.showResults })).toBeNull();
    expect(screen.getByText(M.totalVotes(5))).toBeTruthy();
    expect(sentBody(fetchMock)).toEqual({ optionId: 2 });
  });

  it('shows the results instead of the form from the footer button, and keeps the newest pushed counts', () => {
    mockFetch(() => ({ status: 200, body: poll() }));
    render(<PollCard poll={poll()} />);

    fireEvent.click(screen.getByRole('button', { name: M.showResults }));
    expect(screen.queryByRole('button', { name: M.vote })).toBeNull();
    const pushed = (votes: number[], version: number) =>
      act(() =>
        fakeSocket.fire('post.countsChanged', {
          postId: 8,
          poll: { postId: 8, options: votes.map((count, index) => ({ id: index + 1, votes: count })), total: votes[0]! + votes[1]!, version },
          reactions: null,
        }),
      );
    pushed([9, 1], 10);
    pushed([4, 1], 5);

    expect(screen.getByText(M.totalVotes(10))).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: M.showForm }));
    expect(screen.getByRole('button', { name: M.vote })).toBeTruthy();
  });
});

describe('PollComposer', () => {
  function Harness() {
    const [draft, setDraft] = useState<PollDraft>(emptyPollDraft());
    return <PollComposer value={draft} onChange={setDraft} showProblem />;
  }

  it('adds and removes answers and shows the seed’s texts for too few or repeated answers', () => {
    render(<Harness />);
    expect(screen.getByRole('alert').textContent).toBe(M.questionRequired);

    fireEvent.change(screen.getByLabelText(M.question), { target: { value: 'Hangisi?' } });
    fireEvent.change(screen.getByLabelText(M.answer(1)), { target: { value: 'Evet' } });
    expect(screen.getByRole('alert').textContent).toBe(M.minTwoAnswers);

    fireEvent.change(screen.getByLabelText(M.answer(2)), { target: { value: ' EVET ' } });
    expect(screen.getByRole('alert').textContent).toBe(M.duplicateAnswers);

    fireEvent.click(screen.getByRole('button', { name: M.addAnswer }));
    fireEvent.change(screen.getByLabelText(M.answer(3)), { target: { value: 'Hayır' } });
    fireEvent.click(screen.getByRole('button', { name: `${M.removeAnswer}: ${M.answer(2)}` }));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByLabelText(M.answer(3))).toBeNull();
  });
});
