import { POLL_MESSAGES as M, type PollView } from '@seyirlik/shared-contracts';

/** An option's share of the votes, in whole percent. */
const shareOf = (votes: number, total: number) => (total === 0 ? 0 : Math.round((votes / total) * 100));

/** The results: every answer with its votes and share, the viewer's own marked. */
function PollResultsList({ poll }: { poll: PollView }) {
  return (
    <ul className="poll__results">
      {poll.options.map((option) => (
        <li key={option.id} className={option.id === poll.myOptionId ? 'poll__result is-mine' : 'poll__result'} data-option-id={option.id}>
          <span className="poll__label">{option.label}</span>
          <span className="poll__bar" style={{ width: `${shareOf(option.votes, poll.total)}%` }} />
          <span className="poll__votes">
            {option.votes} (%{shareOf(option.votes, poll.total)})
          </span>
          {option.id === poll.myOptionId ? <span className="poll__mine">{M.yourVote}</span> : null}
        </li>
      ))}
    </ul>
  );
}

/**
 * A poll as legacy clients insert it. Before the viewer voted (and while it is open): the vote form
 * (`value` the option, `post_id`, `poll_id`) with its vote button, and a footer button that shows the
 * results instead of the form. After voting, or once closed: the results alone, without a vote
 * button, as seed §4 has the poll's content replaced after a vote.
 */
export function PollBlock({ poll, groupId = null }: { poll: PollView; groupId?: number | null }) {
  const canVote = !poll.closed && poll.myOptionId === null;
  return (
    <div className="poll" data-post-id={poll.postId} data-poll-id={poll.postId} data-version={poll.version}>
      <p className="poll__question">{poll.question}</p>
      {canVote ? (
        <form className="poll__form" data-action="vote">
          <input type="hidden" name="post_id" value={poll.postId} />
          <input type="hidden" name="poll_id" value={poll.postId} />
          {groupId === null ? null : <input type="hidden" name="group_id" value={groupId} />}
          {poll.options.map((option) => (
            <label key={option.id} className="poll__option">
              <input type="radio" name="value" value={option.id} /> {option.label}
            </label>
          ))}
          <button type="submit" className="poll__vote">
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
          <button type="button" className="poll__show-results" data-action="show-results">
            {M.showResults}
          </button>
        ) : null}
      </footer>
      {canVote ? (
        <div className="poll__results-pane" hidden>
          <PollResultsList poll={poll} />
        </div>
      ) : null}
    </div>
  );
}
