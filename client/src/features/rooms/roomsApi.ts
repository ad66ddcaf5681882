import {
  ROOM_CODE_PATTERN,
  ROOM_MESSAGES,
  type ChatMessage,
  type ChatPage,
  type CreateRoomBody,
  type CreatedRoom,
  type InviteCandidates,
  type PlaybackCommand,
  type PlaybackState,
  type RoomDetail,
  type SendChatBody,
  type WatchData,
} from '@seyirlik/shared-contracts';
import { isNotFound } from '@tanstack/react-router';
import { ApiError, api } from '../../lib/api';
import { loadWatch } from '../watch/watchApi';
import { watchAddressOf } from './watchAddress';

export function createRoom(body: CreateRoomBody): Promise<CreatedRoom> {
  return api.post<CreatedRoom>('/api/rooms', body);
}

/** Members the creator may invite: suggestions for an empty query, otherwise the search's matches. */
export function fetchInviteCandidates(query: string): Promise<InviteCandidates> {
  return api.get<InviteCandidates>(`/api/rooms/invite-candidates?q=${encodeURIComponent(query)}`);
}

export function fetchRoom(code: string): Promise<RoomDetail> {
  return api.get<RoomDetail>(`/api/rooms/${code}`);
}

/** The room's messages after sequence `after`, oldest first (the JSON twin of `get_chat`). */
export function fetchChatPage(code: string, after: number): Promise<ChatPage> {
  return api.get<ChatPage>(`/api/rooms/${code}/messages?after=${after}`);
}

/** Sends a message; a retry with the same `clientKey` is answered the message already stored. */
export function sendChatMessage(code: string, body: SendChatBody): Promise<ChatMessage> {
  return api.post<ChatMessage>(`/api/rooms/${code}/messages`, body);
}

/** Play, pause or seek for everyone over HTTP, for when the socket is down. */
export function sendPlaybackCommand(code: string, command: PlaybackCommand): Promise<PlaybackState> {
  return api.post<PlaybackState>(`/api/rooms/${code}/playback`, command);
}

/**
 * The room page: the room with its episode's watch data (null when the episode can no longer be
 * watched: the room and its chat stay open), or why this person cannot enter, in the server's words.
 */
export type RoomPageData =
  | { status: 'open'; room: RoomDetail; watch: WatchData | null }
  | { status: 'closed'; httpStatus: number; message: string };

export async function loadRoomPage(code: string): Promise<RoomPageData> {
  // roomCodeSchema's check (twelve letters and digits), without loading the schemas with the first page.
  if (!ROOM_CODE_PATTERN.test(code)) return { status: 'closed', httpStatus: 404, message: ROOM_MESSAGES.roomCodeInvalid };
  let room: RoomDetail;
  try {
    room = await fetchRoom(code);
  } catch (error) {
    if (error instanceof ApiError && [401, 403, 404].includes(error.status)) {
      return { status: 'closed', httpStatus: error.status, message: error.message };
    }
    throw error;
  }
  return { status: 'open', room, watch: await loadEpisodeWatch(room.episode.watchPath) };
}

async function loadEpisodeWatch(watchPath: string): Promise<WatchData | null> {
  const address = watchAddressOf(watchPath);
  if (!address) return null;
  try {
    return await loadWatch(address.kind, address.slug, address.season, address.episode);
  } catch (error) {
    if (isNotFound(error)) return null;
    throw error;
  }
}
