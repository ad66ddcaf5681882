import { POLL_MESSAGES as M, rooms, type PollView } from '@seyirlik/shared-contracts';
import { useCallback, useState, type FormEvent } from 'react';
import { messageOf } from '../../lib/api';
import { useRealtimeEvent } from '../realtime/useRealtimeRoom';
import { useSharedRealtimeRoom } from '../realtime/useSharedRealtimeRoom';
import { fetchPoll, votePoll } from './pollsApi';
import { newerPoll } from './pollState';
import './polls.css';

const shareOf = (votes: number, total: number) => (total === 0 ? 0 : Math.round((votes / total) * 100));

function PollResultsList({ poll }: { poll: PollView }) {
  return (
    <ul className="poll__results" aria-label={M.totalVotes(poll.total)}>
      {poll.options.map((option) => (
        <li key={option.id} className={option.id === poll.myOptionId ? 'poll__result is-mine' : 'poll__result'}>
          <span className="poll__label">{option.label}</span>
          <span className="poll__bar" style={{ width: `${shareOf(option.votes, poll.total)}%` }} aria-hidden="true" />
          <span className="poll__votes">
            {option.votes} (%{shareOf(option.votes, poll.total)})
          </span>
          {option.id === poll.myOptionId ? <span className="poll__mine">{M.yourVote}</span> : null}
        </li>
      ))}
    </ul>
  );
}

export interface PollCardProps {
  /** The poll as the flow page read it (FlowPost's poll). */
  poll: PollView;
}

/**
 * A post's poll. Before the member voted (and while it is open): the answers to choose from, the
 * vote button and a footer button that shows the results instead (seed §4). After voting, or once
 * closed: the results, without the vote button. Counts stay live from the post's channel, the
 * newest version kept, and are fetched again after every (re)join.
 */
export function PollCard({ poll: initial }: PollCardProps) {
  const [poll, setPoll] = useState(initial);
  const [chosen, setChosen] = useState<number | null>(null);
  const [showingResults, setShowingResults] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const postId = initial.postId;

  const catchUp = useCallback(() => {
    fetchPoll(postId).then(
      (fetched) => setPoll((current) => newerPoll(current, fetched)),
      () => undefined,
    );
  }, [postId]);
  useSharedRealtimeRoom(rooms.post(postId), catchUp);
  useRealtimeEvent('post.countsChanged', (counts) => {
    if (counts.postId === postId && counts.poll) setPoll((current) => newerPoll(current, counts.poll!));
  });

  const canVote = !poll.closed && poll.myOptionId === null;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (chosen === null) {
      setError(M.optionRequired);
      return;
    }
    setSending(true);
    setError(null);
    try {
      const voted = await votePoll(postId, chosen);
      setPoll((current) => newerPoll(current, voted));
    } catch (failure) {
      setError(messageOf(failure));
    } finally {
      setSending(false);
    }
  };

  return (
    <section className="poll" aria-label={poll.question}>
      <p className="poll__question">{poll.question}</p>
      {canVote && !showingResults ? (
        <form className="poll__form" onSubmit={(event) => void submit(event)}>
          {poll.options.map((option) => (
            <label key={option.id} className="poll__option">
              <input type="radio" name={`poll-${postId}`} value={option.id} checked={chosen === option.id} onChange={() => setChosen(option.id)} /> {option.label}
            </label>
          ))}
          {error ? (
            <p className="poll__error" role="alert">
              {error}
            </p>
          ) : null}
          <button type="submit" className="poll__vote" disabled={sending} aria-busy={sending}>
            {M.vote}
          </button>
        </form>
      ) : (
        <PollResultsList poll={poll} />
      )}
      <footer className="poll__footer">
        <span className="poll__total">{M.totalVotes(poll.total)}</span>
        {poll.closed ? <span className="poll__closed">{M.closed}</span> : null}
        {canVote ? (
          <button type="button" className="poll__show-results" onClick={() => setShowingResults((shown) => !shown)}>
            {showingResults ? M.showForm : M.showResults}
          </button>
        ) : null}
      </footer>
    </section>
  );
}
