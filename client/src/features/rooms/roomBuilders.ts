import type { ChatMessage, PlaybackState, RoomDetail, RoomMember, WatchData } from '@seyirlik/shared-contracts';
import { buildTitleCard } from '../../../test/builders';

// Test data of rooms (the client's shared builders live in client/test/builders.ts).

export function buildRoomMember(overrides: Partial<RoomMember> = {}): RoomMember {
  return { id: 7, username: 'ayse', profileName: 'Ayşe Yılmaz', avatarUrl: null, ...overrides };
}

export function buildChatMessage(seq: number, overrides: Partial<ChatMessage> = {}): ChatMessage {
  return {
    seq,
    roomCode: 'Abc123Def456',
    author: buildRoomMember({ id: 8, username: 'mert', profileName: 'Mert Kaya' }),
    text: `Mesaj ${seq}`,
    sentAt: '2025-05-19T17:30:00.000Z',
    ...overrides,
  };
}

export function buildPlaybackState(overrides: Partial<PlaybackState> = {}): PlaybackState {
  return {
    episodeId: 1,
    status: 'paused',
    positionSeconds: 0,
    serverTime: 1_000_000,
    version: 1,
    lastAction: null,
    ...overrides,
  };
}

export function buildRoomDetail(overrides: Partial<RoomDetail> = {}): RoomDetail {
  const creator = buildRoomMember();
  return {
    code: 'Abc123Def456',
    title: 'Cuma akşamı',
    creator,
    controlMode: 'creator',
    canControl: true,
    episode: {
      id: 1,
      titleName: 'Çınaraltı Sırları',
      seasonNumber: 1,
      episodeNumber: 2,
      watchPath: '/dizi/cinaralti-sirlari/1-sezon/2-bolum',
    },
    members: [creator, buildRoomMember({ id: 8, username: 'mert', profileName: 'Mert Kaya' })],
    playback: buildPlaybackState(),
    lastSeq: 0,
    ...overrides,
  };
}

/** The watch data of the room's episode (1st season, 2nd episode), with the sources given. */
export function buildWatchData(overrides: Partial<WatchData> = {}): WatchData {
  return {
    title: { ...buildTitleCard(), path: '/dizi/cinaralti-sirlari' },
    episode: { id: 1, number: 2, name: 'Mektup', airAt: '2024-09-19T17:00:00.000Z', durationSeconds: 2640 },
    season: { number: 1, name: null },
    path: '/dizi/cinaralti-sirlari/1-sezon/2-bolum',
    previous: null,
    next: null,
    seasons: [],
    episodes: [],
    sources: [],
    groups: [],
    ads: [],
    ...overrides,
  };
}
