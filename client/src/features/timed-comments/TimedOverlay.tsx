import type { TimedCommentsView } from './useTimedComments';
import { fromShortcodes } from '@seyirlik/shared-contracts';

/** How long a reached entry stays over the video. */
const SHOWN_SECONDS = 6;

/** The lane "over the video": the newest entry playback reached, as a faint line on the picture. */
export function TimedOverlay({ timed }: { timed: TimedCommentsView }) {
  const latest = timed.shown.at(-1);
  const fresh = latest && timed.playhead !== null && timed.playhead - latest.positionSeconds < SHOWN_SECONDS;
  return (
    <p className="timed-overlay" aria-live="polite">
      {fresh ? `${latest.author?.profileName ?? ''}: ${fromShortcodes(latest.text)}` : null}
    </p>
  );
}
