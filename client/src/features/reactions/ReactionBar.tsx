import { REACTION_EMOJI, REACTION_KINDS, REACTION_MESSAGES as M, REACTION_NAMES, rooms, type ReactionKind, type ReactionSummary } from '@seyirlik/shared-contracts';
import { useCallback, useState } from 'react';
import { messageOf } from '../../lib/api';
import { useRealtimeEvent } from '../realtime/useRealtimeRoom';
import { useSharedRealtimeRoom } from '../realtime/useSharedRealtimeRoom';
import { fetchReactions, removeReaction, setReaction } from './reactionsApi';
import { newerReactions } from './reactionState';
import './reactions.css';

export interface ReactionBarProps {
  postId: number;
  /** The post's reactions as the flow page read them (FlowPost's reactions). */
  summary: ReactionSummary;
}

/**
 * A post's reactions: an icon with its count for every kind someone left, and the member's control.
 * Without a reaction of theirs it offers every kind; setting one turns it into the remove control,
 * the count rises and that kind's icon appears if it was not shown (seed §4). Counts stay live from
 * the post's channel, the newest version kept, and are fetched again after every (re)join.
 */
export function ReactionBar({ postId, summary: initial }: ReactionBarProps) {
  const [summary, setSummary] = useState(initial);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const catchUp = useCallback(() => {
    fetchReactions(postId).then(
      (fetched) => setSummary((current) => newerReactions(current, fetched)),
      () => undefined,
    );
  }, [postId]);
  useSharedRealtimeRoom(rooms.post(postId), catchUp);
  useRealtimeEvent('post.countsChanged', (counts) => {
    if (counts.postId === postId && counts.reactions) setSummary((current) => newerReactions(current, counts.reactions!));
  });

  const change = async (kind: ReactionKind | null) => {
    setBusy(true);
    setError(null);
    try {
      const reply = kind === null ? await removeReaction(postId) : await setReaction(postId, kind);
      setSummary((current) => newerReactions(current, reply));
    } catch (failure) {
      setError(messageOf(failure));
    } finally {
      setBusy(false);
    }
  };

  const shown = REACTION_KINDS.filter((kind) => summary.counts[kind] > 0);
  return (
    <div className="reaction-bar">
      <ul className="reaction-bar__counts">
        {shown.map((kind) => (
          <li key={kind} className={kind === summary.mine ? 'reaction-bar__count is-mine' : 'reaction-bar__count'} aria-label={M.reactionCount(REACTION_NAMES[kind], summary.counts[kind])}>
            <span aria-hidden="true">{REACTION_EMOJI[kind]}</span> <span aria-hidden="true">{summary.counts[kind]}</span>
          </li>
        ))}
      </ul>
      {summary.mine === null ? (
        <div className="reaction-bar__choices" role="group" aria-label={M.chooseReaction}>
          {REACTION_KINDS.map((kind) => (
            <button key={kind} type="button" className="reaction-bar__choice" title={REACTION_NAMES[kind]} aria-label={REACTION_NAMES[kind]} disabled={busy} onClick={() => void change(kind)}>
              {REACTION_EMOJI[kind]}
            </button>
          ))}
        </div>
      ) : (
        <button type="button" className="reaction-bar__remove" aria-label={M.removeReaction(REACTION_NAMES[summary.mine])} disabled={busy} onClick={() => void change(null)}>
          {REACTION_EMOJI[summary.mine]} {REACTION_NAMES[summary.mine]}
        </button>
      )}
      {error ? (
        <p className="reaction-bar__error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
