import type { EpisodeSummary } from '@seyirlik/shared-contracts';
import { usePendingCall } from '../../lib/usePendingCall';
import { MEMBER_STATE_TEXT as T } from './texts';
import type { TitleMemberView } from './useTitleMemberState';
import './member-state.css';

/** An episode's "İzledim" box; disabled while its call runs, checked by the server's answer for the season. */
export function WatchedCheckbox({ episode, member }: { episode: EpisodeSummary; member: TitleMemberView }) {
  const [pending, run] = usePendingCall();
  return (
    <label className="watched-toggle">
      <input
        type="checkbox"
        checked={member.state.watchedEpisodeIds.includes(episode.id)}
        disabled={!member.ready || pending}
        aria-busy={pending || undefined}
        aria-label={T.watchedLabel(episode.number)}
        onChange={(event) => void run(() => member.setWatched(episode.id, event.target.checked))}
      />
      <span aria-hidden="true">{T.watched}</span>
    </label>
  );
}
