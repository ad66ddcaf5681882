import { ROOM_MESSAGES, type RoomDetail, type WatchData } from '@seyirlik/shared-contracts';
import type { ChannelLiveState } from '../../lib/channelMembership';
import { SkipButton } from '../skip-segments/SkipButton';
import { useSkipSegmentsPlayer } from '../skip-segments/useSkipSegmentsPlayer';
import { HeatStrip } from '../timed-comments/HeatStrip';
import { TimedLane } from '../timed-comments/TimedLane';
import { TimedOverlay } from '../timed-comments/TimedOverlay';
import { usePlayhead } from '../timed-comments/usePlayhead';
import { useTimedComments } from '../timed-comments/useTimedComments';
import { useCombinedTrackers } from '../watch/playbackTracker';
import { SourceChoices } from '../watch/SourceChoice';
import { WATCH_TEXT } from '../watch/texts';
import { SelectedSourcePlayer } from '../watch/VideoPlayer';
import '../watch/watch.css';
import { usePlaybackSync } from './usePlaybackSync';
import { useRoomSource } from './useRoomSource';

/**
 * The room's episode in the watch page's player, kept in step with the room (no pre-roll ads:
 * the room plays together). The browser may refuse to start it without a click: then it starts
 * muted with a "Sesi aç" button, or waits for a click on "Oynatmaya katıl".
 */
export function RoomPlayer({ room, watch, live }: { room: RoomDetail; watch: WatchData | null; live: ChannelLiveState }) {
  const sync = usePlaybackSync({ code: room.code, initial: room.playback, canControl: room.canControl, live: live.status });
  const { sources, selected, error, pending, choose } = useRoomSource(watch);
  const placeholder = !watch || sources.length === 0 ? ROOM_MESSAGES.noPlayableSource : (error ?? WATCH_TEXT.streamLoading);
  const playhead = usePlayhead();
  // The member in control skips for everyone: the skip is a seek, which the room's sync sends on.
  const skip = useSkipSegmentsPlayer({
    source: selected ? { id: selected.source.id, kind: selected.stream.kind } : null,
    episodeId: room.episode.id,
    nextPath: null,
    canSkip: room.canControl,
  });
  const track = useCombinedTrackers(sync.attach, playhead.track, skip.playback.attach);
  // The episode's timed comments at the room's playhead (the room's own chat is beside the player already).
  const timed = useTimedComments({ episodeId: room.episode.id, durationSeconds: watch?.episode.durationSeconds ?? 0, playhead: watch ? playhead.seconds : null });
  const withLane = timed.playhead !== null;

  return (
    <div className="room-stage">
      <div className="watch-player">
        <SelectedSourcePlayer selected={selected} playing={false} track={track} placeholder={placeholder} />
        <SkipButton player={skip} />
        {withLane && timed.overVideo ? <TimedOverlay timed={timed} /> : null}
        {withLane ? <HeatStrip heat={timed.heat} /> : null}
        {sync.autoplay === 'blocked' ? (
          <button type="button" className="room-stage__join" onClick={sync.joinPlayback}>
            {ROOM_MESSAGES.joinPlayback}
          </button>
        ) : null}
      </div>
      <div className="watch-controls">
        {sync.autoplay === 'muted' ? (
          <button type="button" onClick={sync.unmute}>
            {ROOM_MESSAGES.unmute}
          </button>
        ) : null}
        {room.canControl ? null : <p className="room-stage__control">{ROOM_MESSAGES.controlledBy(room.creator.profileName)}</p>}
      </div>
      {sources.length > 1 ? (
        <SourceChoices sources={sources} selectedId={selected?.source.id ?? null} disabled={pending} onChoose={choose} label={WATCH_TEXT.sources} />
      ) : null}
      {error && selected ? <p role="alert">{error}</p> : null}
      {withLane ? <TimedLane timed={timed} /> : null}
    </div>
  );
}
