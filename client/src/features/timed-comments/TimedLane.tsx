import { COMMENT_MESSAGES, TIMED_COMMENT_MESSAGES as TM, fromShortcodes, type TimedComment } from '@seyirlik/shared-contracts';
import { useId, useState } from 'react';
import { formatClock } from '../../lib/format';
import { CommentComposer } from '../comments/CommentComposer';
import { DeleteCommentDialog } from '../comments/DeleteCommentDialog';
import { ReportCommentDialog } from '../comments/ReportCommentDialog';
import { useLoginModal } from '../session/loginModal';
import { useSessionUser } from '../session/session';
import { useFailureToast } from '../session/useFailureToast';
import { useToast } from '../toast/toasts';
import type { TimedSource } from './timedCommentsApi';
import type { TimedCommentsView } from './useTimedComments';
import './timed-comments.css';

type Dialog = { kind: 'delete' | 'report'; entry: TimedComment } | null;

/**
 * The side lane beside a player: the timed comments (or a room's chat) playback has reached, a
 * choice of what it shows, the "over the video" switch, and for a member the composer that pins a
 * comment to the current second. Report and delete are the comments' own dialogs.
 */
export function TimedLane({ timed }: { timed: TimedCommentsView }) {
  const viewer = useSessionUser();
  const loginModal = useLoginModal();
  const toast = useToast();
  const showFailure = useFailureToast();
  const [dialog, setDialog] = useState<Dialog>(null);
  const headingId = useId();
  const onComments = timed.source.kind === 'comments';

  const reported = async (call: () => Promise<void>) => {
    try {
      await call();
      setDialog(null);
    } catch (error) {
      showFailure(error);
    }
  };

  return (
    <aside className="timed-lane" aria-labelledby={headingId}>
      <div className="timed-lane__bar">
        <h2 id={headingId} className="timed-lane__heading">
          {TM.lane}
        </h2>
        {timed.replays.length > 0 ? <SourceChoice timed={timed} /> : null}
        <label className="timed-lane__switch">
          <input type="checkbox" checked={timed.overVideo} onChange={(event) => timed.setOverVideo(event.target.checked)} />
          <span>{TM.overVideo}</span>
        </label>
      </div>
      {timed.overVideo ? null : timed.shown.length === 0 ? (
        <p className="timed-lane__empty">{TM.laneEmpty}</p>
      ) : (
        <ol className="timed-lane__list" aria-live="polite">
          {timed.shown.map((entry) => (
            <li key={entry.id} className="timed-lane__entry">
              <span className="timed-lane__time">{formatClock(entry.positionSeconds)}</span>
              <strong className="timed-lane__author">{entry.author?.profileName}</strong>
              <p className="timed-lane__text">{fromShortcodes(entry.text)}</p>
              {onComments && viewer ? (
                <button
                  type="button"
                  className="comment__action"
                  onClick={() =>
                    setDialog({
                      kind: entry.author?.id === viewer.id ? 'delete' : 'report',
                      entry,
                    })
                  }
                >
                  {entry.author?.id === viewer.id ? COMMENT_MESSAGES.delete : COMMENT_MESSAGES.report}
                </button>
              ) : null}
            </li>
          ))}
        </ol>
      )}
      {!onComments ? null : viewer ? (
        timed.playhead === null ? null : (
          <CommentComposer
            label={TM.composerLabel}
            placeholder={TM.composerPlaceholder}
            submitLabel={TM.pinHere}
            hint={TM.pinAt(formatClock(timed.playhead))}
            withSpoiler={false}
            onSend={async (text, _spoiler, clientKey) => {
              try {
                await timed.pin(text, clientKey);
                toast.success(TM.added);
              } catch (error) {
                showFailure(error);
                throw error;
              }
            }}
          />
        )
      ) : (
        <button type="button" className="comment__action" onClick={() => loginModal.open(TM.membersOnly)}>
          {TM.pinHere}
        </button>
      )}
      {dialog?.kind === 'delete' ? (
        <DeleteCommentDialog
          onClose={() => setDialog(null)}
          onConfirm={() =>
            reported(async () => {
              await timed.remove(dialog.entry);
              toast.success(COMMENT_MESSAGES.commentDeleted);
            })
          }
        />
      ) : null}
      {dialog?.kind === 'report' ? (
        <ReportCommentDialog
          onClose={() => setDialog(null)}
          onSend={(body) =>
            reported(async () => {
              toast.success((await timed.report(dialog.entry, body)).message);
            })
          }
        />
      ) : null}
    </aside>
  );
}

/** The lane's source: the episode's timed comments, or the chat of one of the member's rooms that watched it. */
function SourceChoice({ timed }: { timed: TimedCommentsView }) {
  const value = timed.source.kind === 'comments' ? '' : timed.source.code;
  const choose = (code: string) => {
    const room = timed.replays.find((replay) => replay.code === code);
    const next: TimedSource = room ? { kind: 'room', code: room.code } : { kind: 'comments' };
    timed.setSource(next);
  };
  return (
    <label className="timed-lane__source">
      <span>{TM.source}</span>
      <select value={value} onChange={(event) => choose(event.target.value)}>
        <option value="">{TM.sourceComments}</option>
        {timed.replays.map((replay) => (
          <option key={replay.code} value={replay.code}>
            {TM.sourceRoom(replay.title)}
          </option>
        ))}
      </select>
    </label>
  );
}
