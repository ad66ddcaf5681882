import { REQUEST_MESSAGES as M, REQUEST_VOTE_TYPES, TITLE_KIND_LABELS, type ContentRequestView, type RequestVoteType } from '@seyirlik/shared-contracts';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { ApiError, messageOf } from '../../lib/api';
import { useSessionUser } from '../session/session';
import { useToast } from '../toast/toasts';
import { voteOnRequest } from './requestsApi';
import { useLoginRedirect, useRequestCache } from './useRequests';

/**
 * One request: its poster (an image from the member's https address, nothing else), name, kind,
 * status badge, score with the viewer's vote marked (seed §4: upvoted or downvoted), and the
 * added title's link. Votes are for members; a visitor is sent to log in.
 */
export function RequestRow({ request, from }: { request: ContentRequestView; from: string }) {
  const user = useSessionUser();
  const toast = useToast();
  const cache = useRequestCache();
  const askLogin = useLoginRedirect(from);
  const [voting, setVoting] = useState(false);

  const vote = async (type: RequestVoteType) => {
    if (!user) return askLogin();
    setVoting(true);
    try {
      cache.replace((await voteOnRequest(request.id, type)).request);
    } catch (failure) {
      if (failure instanceof ApiError && failure.status === 401) askLogin();
      else toast.error(messageOf(failure));
    } finally {
      setVoting(false);
    }
  };

  const open = request.status === 'open';
  return (
    <article className={`request-row request-row--${request.status}`} aria-label={request.name}>
      {request.image ? <img className="request-row__poster" src={request.image} alt="" loading="lazy" referrerPolicy="no-referrer" /> : <span className="request-row__poster" aria-hidden="true" />}
      <div className="request-row__body">
        <Link to="/istekler/$id" params={{ id: String(request.id) }} className="request-row__name">
          {request.name}
        </Link>
        <p className="request-row__meta">
          <span>{TITLE_KIND_LABELS[request.kind]}</span>
          <span className={`request-row__status request-row__status--${request.status}`}>{M.status[request.status]}</span>
          {request.requester && <span>{M.requestedBy(request.requester.profileName)}</span>}
        </p>
        {request.titleLink && (
          <a className="text-link" href={request.titleLink}>
            {M.goToTitle}
          </a>
        )}
      </div>
      <div className="request-row__votes" title={M.votes(request.upCount, request.downCount)}>
        <button
          type="button"
          className={request.myVote === 'upvoted' ? 'request-row__vote is-active' : 'request-row__vote'}
          aria-label={M.upvote}
          aria-pressed={request.myVote === 'upvoted'}
          disabled={voting || !open}
          onClick={() => void vote(REQUEST_VOTE_TYPES.up)}
        >
          ▲
        </button>
        <span className="request-row__score">{M.score(request.score)}</span>
        <button
          type="button"
          className={request.myVote === 'downvoted' ? 'request-row__vote is-active' : 'request-row__vote'}
          aria-label={M.downvote}
          aria-pressed={request.myVote === 'downvoted'}
          disabled={voting || !open}
          onClick={() => void vote(REQUEST_VOTE_TYPES.down)}
        >
          ▼
        </button>
        {request.myVote && <span className="request-row__mine">{M.yourVote[request.myVote]}</span>}
      </div>
    </article>
  );
}
