import { ROOM_MESSAGES, type RoomDetail, type RoomEpisode, type WatchData } from '@seyirlik/shared-contracts';
import type { ChannelLiveState } from '../../lib/channelMembership';
import { useSessionUser } from '../session/session';
import { WATCH_TEXT } from '../watch/texts';
import { PresenceList } from './PresenceList';
import { RoomChat } from './RoomChat';
import { RoomPlayer } from './RoomPlayer';
import { useRoomChat } from './useRoomChat';
import { useRoomPresence } from './useRoomPresence';
import './rooms.css';

/** "Çınaraltı Sırları 1. Sezon 2. Bölüm"; a film by its name alone. */
function episodeLabel(episode: RoomEpisode): string {
  if (episode.seasonNumber === null || episode.episodeNumber === null) return episode.titleName;
  return `${episode.titleName} ${WATCH_TEXT.seasonEpisode(episode.seasonNumber, episode.episodeNumber)}`;
}

/** Whether the room gets news pushed (live) or fetched every few seconds (polling). */
function RoomLiveStatus({ live }: { live: ChannelLiveState }) {
  const [state, text] =
    live.status === 'live'
      ? ['live', ROOM_MESSAGES.live]
      : live.status === 'offline'
        ? ['polling', ROOM_MESSAGES.polling]
        : live.status === 'refused'
          ? ['refused', live.message]
          : ['joining', ROOM_MESSAGES.connecting];
  return (
    <p className="room-status" data-state={state} role="status">
      <span className="room-status__dot" aria-hidden="true" />
      {text}
    </p>
  );
}

/** A watch-together room: the episode played in step for everyone, who is here, and the chat. */
export function RoomPage({ room, watch }: { room: RoomDetail; watch: WatchData | null }) {
  const viewerId = useSessionUser()?.id ?? null;
  const chat = useRoomChat(room.code, room.lastSeq);
  const online = useRoomPresence(room.code);

  return (
    <article className="room-page">
      <header className="room-page__header">
        <p className="room-page__kind">{ROOM_MESSAGES.watchTogether}</p>
        <h1>{room.title}</h1>
        <div className="room-page__meta">
          <a className="room-page__episode" href={room.episode.watchPath}>
            {episodeLabel(room.episode)}
          </a>
          <RoomLiveStatus live={chat.live} />
        </div>
      </header>
      <div className="room-page__body">
        <RoomPlayer room={room} watch={watch} live={chat.live} />
        <aside className="room-page__side">
          <PresenceList online={online} />
          <RoomChat code={room.code} viewerId={viewerId} messages={chat.messages} send={chat.send} online={online} />
        </aside>
      </div>
    </article>
  );
}
