import type { MemberCard } from '../accounts/schemas';
import type { PlaybackAction } from './schemas';
import type { RoomControlMode } from './rules';

/** A member as rooms show them (presence, invites, message authors): the member card. */
export type RoomMember = MemberCard;

/** One chat message; `seq` numbers the room's messages 1, 2, 3… in commit order. */
export interface ChatMessage {
  seq: number;
  roomCode: string;
  author: RoomMember;
  text: string;
  /** ISO 8601 */
  sentAt: string;
}

/**
 * The room's playback as the server holds it. The position was `positionSeconds` at `serverTime`
 * (epoch ms on the server's clock); while playing, it has advanced by the time since.
 */
export interface PlaybackState {
  episodeId: number;
  status: 'playing' | 'paused';
  positionSeconds: number;
  serverTime: number;
  /** Increases with every change, so a client ignores a state older than the one it applied. */
  version: number;
  /** The last command and who gave it; null before the first. */
  lastAction: { action: PlaybackAction; by: RoomMember } | null;
}

/** The episode a room watches, with what its player needs to find the sources. */
export interface RoomEpisode {
  id: number;
  titleName: string;
  seasonNumber: number | null;
  episodeNumber: number | null;
  /** The episode's watch page, e.g. /dizi/{slug}/1-sezon/2-bolum. */
  watchPath: string;
}

/** GET /api/rooms/:code (members of the room only). */
export interface RoomDetail {
  code: string;
  title: string;
  creator: RoomMember;
  controlMode: RoomControlMode;
  /** Whether the viewer may play, pause and seek for everyone. */
  canControl: boolean;
  episode: RoomEpisode;
  /** Everyone allowed in: the creator and the invited members. */
  members: RoomMember[];
  playback: PlaybackState;
  /** The room's newest message sequence when this was read (0 when empty). */
  lastSeq: number;
}

/** POST /api/rooms */
export interface CreatedRoom {
  code: string;
  /** The room's page, /oda/{code} (the legacy `create_room` answers it as `link`). */
  link: string;
}

/** GET /api/rooms/:code/messages?after=SEQ: oldest first, at most ROOM_RULES.chatPageSize. */
export interface ChatPage {
  messages: ChatMessage[];
  /** More messages follow the last one here; ask again from it. */
  hasMore: boolean;
}

/** GET /api/rooms/invite-candidates?q=… */
export interface InviteCandidates {
  members: RoomMember[];
}
