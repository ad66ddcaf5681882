import { SKIP_SEGMENT_KINDS, SKIP_SEGMENT_MESSAGES as M, type SkipSegmentKind, type SkipSegmentView, type SkipSegmentVote } from '@seyirlik/shared-contracts';
import { useId, useState, type FormEvent } from 'react';
import { messageOf } from '../../lib/api';
import { formatClock } from '../../lib/format';
import { useSessionUser } from '../session/session';
import { useFailureToast } from '../session/useFailureToast';
import { useToast } from '../toast/toasts';
import { markSkipSegment, voteSkipSegment } from './skipSegmentsApi';
import type { SkipSegmentsPlayer } from './useSkipSegmentsPlayer';
import './skip-segments.css';

/**
 * Below the player, for members: "Bölüm işaretle" (the kind and its start and end, each with "Şu
 * an"), the markings still open to votes with how many confirmations each needs, and the
 * automatic skip of intros and recaps. Nothing for a source without a playhead.
 */
export function SkipSegmentsPanel({ player }: { player: SkipSegmentsPlayer }) {
  const member = useSessionUser();
  const headingId = useId();
  if (!player.list) return null;
  return (
    <section className="skip-panel" aria-labelledby={headingId}>
      <h2 id={headingId} className="watch-section__heading">
        {M.panelHeading}
      </h2>
      {member ? (
        <>
          <label className="skip-panel__auto">
            <input type="checkbox" checked={player.autoSkip.on} onChange={(event) => player.autoSkip.set(event.target.checked)} />
            {M.autoSkip}
          </label>
          <p className="skip-panel__hint">{M.panelIntro}</p>
          <MarkingForm player={player} sourceId={player.list.sourceId} />
          <PendingMarkings segments={player.list.segments.filter((segment) => segment.status === 'pending')} onVoted={player.refresh} />
        </>
      ) : (
        <p className="skip-panel__hint">{M.membersOnly}</p>
      )}
    </section>
  );
}

function MarkingForm({ player, sourceId }: { player: SkipSegmentsPlayer; sourceId: number }) {
  const toast = useToast();
  const [kind, setKind] = useState<SkipSegmentKind>('intro');
  const [start, setStart] = useState('');
  const [end, setEnd] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const ids = { kind: useId(), start: useId(), end: useId() };
  // An empty field means "where the player is now", as the "Şu an" buttons put it.
  const secondOf = (value: string) => (value.trim() === '' ? player.playback.currentSecond() : Number(value));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setPending(true);
    try {
      await markSkipSegment(sourceId, { kind, startSeconds: secondOf(start), endSeconds: secondOf(end) });
      setError(null);
      setStart('');
      setEnd('');
      toast.success(M.marked);
      player.refresh();
    } catch (failure) {
      setError(messageOf(failure));
    } finally {
      setPending(false);
    }
  };

  return (
    <form className="skip-panel__form" onSubmit={(event) => void submit(event)}>
      <label htmlFor={ids.kind}>{M.kind}</label>
      <select id={ids.kind} value={kind} onChange={(event) => setKind(event.target.value as SkipSegmentKind)}>
        {SKIP_SEGMENT_KINDS.map((value) => (
          <option key={value} value={value}>
            {M.kindLabels[value]}
          </option>
        ))}
      </select>
      <label htmlFor={ids.start}>{M.start}</label>
      <span className="skip-panel__second">
        <input id={ids.start} type="number" inputMode="numeric" min={0} step={1} value={start} onChange={(event) => setStart(event.target.value)} />
        <button type="button" aria-label={`${M.start}: ${M.now}`} onClick={() => setStart(String(player.playback.currentSecond()))}>
          {M.now}
        </button>
      </span>
      <label htmlFor={ids.end}>{M.end}</label>
      <span className="skip-panel__second">
        <input id={ids.end} type="number" inputMode="numeric" min={0} step={1} value={end} onChange={(event) => setEnd(event.target.value)} />
        <button type="button" aria-label={`${M.end}: ${M.now}`} onClick={() => setEnd(String(player.playback.currentSecond()))}>
          {M.now}
        </button>
      </span>
      <button type="submit" className="button button--primary" disabled={pending}>
        {M.submit}
      </button>
      {error ? (
        <p role="alert" className="skip-panel__error">
          {error}
        </p>
      ) : null}
    </form>
  );
}

function PendingMarkings({ segments, onVoted }: { segments: SkipSegmentView[]; onVoted: () => void }) {
  const showFailure = useFailureToast();
  const [voting, setVoting] = useState(false);
  const cast = async (segment: SkipSegmentView, vote: SkipSegmentVote) => {
    setVoting(true);
    try {
      await voteSkipSegment(segment.id, vote);
      onVoted();
    } catch (failure) {
      showFailure(failure);
    } finally {
      setVoting(false);
    }
  };

  return (
    <div className="skip-panel__pending">
      <h3 className="skip-panel__subheading">{M.pendingHeading}</h3>
      {segments.length === 0 ? <p className="skip-panel__hint">{M.noPending}</p> : null}
      <ul>
        {segments.map((segment) => {
          const name = `${M.kindLabels[segment.kind]} ${formatClock(segment.startSeconds)} – ${formatClock(segment.endSeconds)}`;
          return (
            <li key={segment.id} className="skip-panel__marking" aria-label={name}>
              <strong>{name}</strong>
              <span>
                {M.counts(segment.confirmations, segment.rejections)} · {M.needed(segment.confirmationsNeeded)}
              </span>
              {segment.mine ? <span className="skip-panel__mine">{M.yours}</span> : null}
              <span className="skip-panel__votes">
                <button type="button" aria-pressed={segment.myVote === 'confirm'} disabled={voting} onClick={() => void cast(segment, 'confirm')}>
                  {segment.myVote === 'confirm' ? M.confirmed : M.confirm}
                </button>
                <button type="button" aria-pressed={segment.myVote === 'reject'} disabled={voting} onClick={() => void cast(segment, 'reject')}>
                  {segment.myVote === 'reject' ? M.rejected : M.reject}
                </button>
              </span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
