import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { usePendingCall } from '../../lib/usePendingCall';
import { Spinner } from '../../ui/Spinner';
import type { TitleMark } from './api';
import { entryPlace } from './format';
import { MEMBER_STATE_TEXT as T } from './texts';
import type { TitleMemberView } from './useTitleMemberState';
import './member-state.css';

/**
 * A title page's member controls: resume where the member left off, follow, favourite and, for a
 * title that gets new episodes (`newEpisodes`, not a film), "Haber ver". Each label comes from the
 * server's answer (seed §4).
 */
export function TitleActions({ member, newEpisodes = true }: { member: TitleMemberView; newEpisodes?: boolean }) {
  const { state, resume } = member;
  return (
    <div className="title-actions" role="group" aria-label={T.actionsLabel}>
      {resume && (
        <Link className="button button--primary title-actions__resume" to={resume.watchPath} search={{ t: resume.positionSeconds }}>
          <span>{T.resume}</span>
          <span className="title-actions__place">{entryPlace(resume)}</span>
        </Link>
      )}
      <MarkButton member={member} mark="follow">
        {state.following ? T.unfollow : T.follow}
      </MarkButton>
      <MarkButton member={member} mark="favorite" pressed={state.favorite}>
        <span aria-hidden="true" className="title-actions__heart">
          {state.favorite ? '♥' : '♡'}
        </span>
        {T.favorite}
      </MarkButton>
      {newEpisodes && (
        <MarkButton member={member} mark="notify">
          {state.notify ? T.notifyOn : T.notifyOff}
        </MarkButton>
      )}
    </div>
  );
}

/** A mark's button: disabled and spinning while its call runs, enabled again whatever the answer. */
function MarkButton({
  member,
  mark,
  pressed,
  children,
}: {
  member: TitleMemberView;
  mark: TitleMark;
  /** For a mark shown by an active state rather than by its label (the favourite). */
  pressed?: boolean;
  children: ReactNode;
}) {
  const [pending, run] = usePendingCall();
  return (
    <button
      type="button"
      className="button button--secondary title-actions__mark"
      data-mark={mark}
      aria-pressed={pressed}
      aria-busy={pending || undefined}
      disabled={!member.ready || pending}
      onClick={() => void run(() => member.toggleMark(mark))}
    >
      {pending && <Spinner />}
      {children}
    </button>
  );
}
