import { HttpStatus, Injectable } from '@nestjs/common';
import {
  MESSAGES,
  ROOM_CODE_PATTERN,
  ROOM_MESSAGES as M,
  ROOM_RULES,
  SEND_KEY_MESSAGES,
  TIMED_COMMENT_RULES,
  WATCH_MESSAGES,
  createRoomBodySchema,
  foldForSearch,
  roomPath,
  rooms,
  streams,
  type ChatMessage,
  type ChatPage,
  type CreatedRoom,
  type InviteCandidates,
  type PlaybackState,
  type RoomDetail,
  type RoomMember,
  type TimedCommentWindow,
  type TimedRoomReplays,
  type TimedWindowQuery,
} from '@seyirlik/shared-contracts';
import { DataSource } from 'typeorm';
import type { z } from 'zod';
import { StreamSequenceRepository } from '../platform/database/stream-sequence.repository';
import { DomainEvents } from '../platform/events/domain-events';
import { AppException } from '../platform/http/app-exception';
import { RateLimitService } from '../platform/rate-limit/rate-limit.service';
import { RealtimeService } from '../platform/realtime/realtime.service';
// Declares the room.invited domain event this service publishes.
import './room-events';
import { parseRoomCode } from './room-code';
import { RoomsRepository, type ChatViewer, type MessageRow, type RoomRow } from './rooms.repository';
import { MemberBlocks } from '../accounts';

/** A parsed room creation. */
export type RoomCreation = z.output<typeof createRoomBodySchema>;

/** A chat send: the text, and the idempotency key its retries repeat (none from legacy clients). */
export interface ChatSend {
  text: string;
  clientKey?: string;
}

function toChatMessage(code: string, row: MessageRow): ChatMessage {
  return { seq: row.seq, roomCode: code, author: row.author, text: row.body, sentAt: row.sentAt.toISOString() };
}

/** Whether the member may play, pause and seek for everyone in this room. */
export function canControl(room: RoomRow, userId: number): boolean {
  return room.controlMode === 'everyone' || room.creatorId === userId;
}

/**
 * Watch-together rooms and their chat.
 *
 * Who may enter a room: its creator and the members the creator invited, nobody else, not even
 * with the link. Every read and write over HTTP (JSON and legacy) and the socket join of
 * `room:{code}` go through `enter` / `canEnter`, which answer from watch_room_member.
 *
 * Chat messages are numbered per room by the stream sequence `room:{code}`, taken in the insert
 * statement (its own transaction): a second sender waits on the sequence row until the first commits, so
 * sequence order is commit order and a reader's "after N" cursor never skips a late commit.
 * A message goes out on `room:{code}` after its transaction committed; clients that missed it
 * read it from PostgreSQL (`messagesAfter`), which is all the legacy clients ever do.
 */
@Injectable()
export class RoomsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly roomsRepository: RoomsRepository,
    private readonly sequences: StreamSequenceRepository,
    private readonly rateLimits: RateLimitService,
    private readonly realtime: RealtimeService,
    private readonly domainEvents: DomainEvents,
    private readonly memberBlocks: MemberBlocks,
  ) {}

  /** The socket policy of `room:{key}`: members of the room only, never a visitor. */
  async canEnter(userId: number | null, key: string): Promise<boolean> {
    if (userId === null || !ROOM_CODE_PATTERN.test(key)) return false;
    return this.roomsRepository.isMemberByCode(key, userId);
  }

  /** The room of `code` if the member may enter it: 404 for no such room, 403 for someone not invited. */
  async enter(userId: number, code: unknown): Promise<RoomRow> {
    const found = await this.roomsRepository.findWithMembership(parseRoomCode(code), userId);
    if (!found) throw new AppException(HttpStatus.NOT_FOUND, M.roomNotFound);
    if (!found.isMember) throw new AppException(HttpStatus.FORBIDDEN, M.notInvited);
    return found.room;
  }

  /**
   * Creates a room on an aired episode, the creator and the invitees (existing members who have
   * not blocked the creator; the creator's own id is dropped) as its members, then tells the
   * invitees through `room.invited`.
   */
  async create(creatorId: number, creation: RoomCreation): Promise<CreatedRoom> {
    if (!(await this.roomsRepository.airedEpisode(creation.episodeId))) {
      throw new AppException(HttpStatus.NOT_FOUND, WATCH_MESSAGES.episodeNotFound);
    }
    const inviteeIds = creation.invite.filter((id) => id !== creatorId);
    const invitees = await this.roomsRepository.membersByIds(inviteeIds);
    if (invitees.length !== inviteeIds.length) throw new AppException(HttpStatus.BAD_REQUEST, M.inviteUnknownMember);
    if ((await this.memberBlocks.blockersAmong(creatorId, inviteeIds)).length > 0) throw new AppException(HttpStatus.FORBIDDEN, M.inviteBlocked);
    await this.rateLimits.enforce('rooms.create', ROOM_RULES.createRateLimit, String(creatorId));

    return this.dataSource.transaction(async (manager) => {
      const { code } = await this.roomsRepository.insertRoom(manager, {
        title: creation.title,
        episodeId: creation.episodeId,
        creatorId,
        controlMode: creation.controlMode,
        inviteeIds,
        serverTime: Date.now(),
      });
      const link = roomPath(code);
      if (inviteeIds.length > 0) {
        await this.domainEvents.publish(manager, 'room.invited', { code, title: creation.title, link, invitedBy: creatorId, memberIds: inviteeIds });
      }
      return { code, link };
    });
  }

  async detail(userId: number, code: unknown): Promise<RoomDetail> {
    const room = await this.enter(userId, code);
    const [members, episode, playback, lastSeq] = await Promise.all([
      this.roomsRepository.members(room.id),
      this.roomsRepository.airedEpisode(room.episodeId),
      this.playbackOf(room),
      this.sequences.current(this.dataSource.manager, streams.roomChat(room.code)),
    ]);
    const creator = members.find((member) => member.id === room.creatorId);
    if (!creator || !episode) throw new AppException(HttpStatus.NOT_FOUND, M.roomNotFound);
    return {
      code: room.code,
      title: room.title,
      creator,
      controlMode: room.controlMode,
      canControl: canControl(room, userId),
      episode,
      members,
      playback,
      lastSeq,
    };
  }

  /** The room's playback as clients see it, with the member who gave the last command. */
  async playbackOf(room: RoomRow): Promise<PlaybackState> {
    const { playback } = room;
    const by: RoomMember | null = playback.byId === null ? null : await this.roomsRepository.member(playback.byId);
    return {
      episodeId: room.episodeId,
      status: playback.status,
      positionSeconds: playback.positionSeconds,
      serverTime: playback.serverTime,
      version: playback.version,
      lastAction: playback.action && by ? { action: playback.action, by } : null,
    };
  }

  /**
   * Stores a message and pushes it to the room after commit. The room, the membership, the send
   * limit per member and room, the number and the insert are one statement; only a refusal asks
   * again, to say which it was.
   *
   * A send repeating the key of a message the member stored in this room answers that message
   * (same sequence), storing and pushing nothing; with a different text it is refused (409), since
   * the client makes a new key whenever the text changes.
   */
  async sendMessage(userId: number, code: unknown, send: ChatSend): Promise<ChatMessage> {
    const roomCode = parseRoomCode(code);
    const message = await this.storeMessage({ userId }, roomCode, send);
    if (message) return message;
    await this.enter(userId, roomCode);
    throw new AppException(HttpStatus.TOO_MANY_REQUESTS, MESSAGES.tooManyRequests);
  }

  /**
   * sendMessage for the member of a session cookie, the member resolved in the same statement (the
   * legacy `add_chat`'s direct way): the message, or null when nothing was stored (no live session,
   * no such room, not a member, over the limit), for the full way to say why.
   */
  async sendMessageBySession(sessionKey: Buffer, code: string, send: ChatSend): Promise<ChatMessage | null> {
    return this.storeMessage({ sessionKey }, code, send);
  }

  private async storeMessage(author: ChatViewer, roomCode: string, send: ChatSend): Promise<ChatMessage | null> {
    const inserted = await this.roomsRepository.insertMessage({
      code: roomCode,
      author,
      body: send.text,
      clientKey: send.clientKey ?? null,
      window: ROOM_RULES.sendRateLimit,
    });
    if (!inserted) return null;
    const message = toChatMessage(roomCode, inserted.row);
    if (inserted.repeated) {
      if (message.text !== send.text) throw new AppException(HttpStatus.CONFLICT, SEND_KEY_MESSAGES.reused);
      return message;
    }
    this.realtime.toRoom(rooms.chat(roomCode), 'chat.messageCreated', message);
    return message;
  }

  /** The messages after sequence `after`, oldest first, at most ROOM_RULES.chatPageSize; one statement, and only a refusal asks again to say which. */
  async messagesAfter(userId: number, code: unknown, after: number): Promise<ChatPage> {
    const roomCode = parseRoomCode(code);
    const page = await this.chatPage({ userId }, roomCode, after);
    if (page) return page;
    await this.enter(userId, roomCode);
    // Entered after all: invited between the two statements.
    const late = await this.chatPage({ userId }, roomCode, after);
    if (!late) throw new AppException(HttpStatus.NOT_FOUND, M.roomNotFound);
    return late;
  }

  /** messagesAfter for the member of a session cookie (the legacy `get_chat`'s direct way): null when that member may not read the room. */
  messagesAfterBySession(sessionKey: Buffer, code: string, after: number): Promise<ChatPage | null> {
    return this.chatPage({ sessionKey }, code, after);
  }

  private async chatPage(reader: ChatViewer, roomCode: string, after: number): Promise<ChatPage | null> {
    const rows = await this.roomsRepository.messagesAfter(reader, roomCode, after, ROOM_RULES.chatPageSize + 1);
    if (rows === null) return null;
    return {
      messages: rows.slice(0, ROOM_RULES.chatPageSize).map((row) => toChatMessage(roomCode, row)),
      hasMore: rows.length > ROOM_RULES.chatPageSize,
    };
  }

  /** The room's chat by playback second, to replay it beside the episode: its members only (404, 403). */
  async timeline(userId: number, code: unknown, window: TimedWindowQuery): Promise<TimedCommentWindow> {
    const room = await this.enter(userId, code);
    return this.roomsRepository.timeline(room.id, window, TIMED_COMMENT_RULES.windowPageSize);
  }

  /** The member's rooms that watched the episode, whose chat can be replayed in time. */
  async replays(userId: number, episodeId: number): Promise<TimedRoomReplays> {
    return { rooms: await this.roomsRepository.replays(userId, episodeId, TIMED_COMMENT_RULES.replayRoomsMax) };
  }

  /**
   * The invite checklist. There are no follows or private messages yet, so the suggestions (an
   * empty or too short query) are the members the viewer shared a room with, most recent first;
   * a query of at least ROOM_RULES.inviteSearchMinLength letters (ignoring case and Turkish
   * letters) searches every member by username and profile name, those shared a room with first.
   * When follows and conversations exist, they join as further sources of (member, last contact)
   * pairs beside shared rooms in RoomsRepository.inviteCandidates, which ranks by that time.
   */
  async inviteCandidates(userId: number, query: string): Promise<InviteCandidates> {
    const folded = foldForSearch(query);
    const search = folded.length >= ROOM_RULES.inviteSearchMinLength ? folded : null;
    return { members: await this.roomsRepository.inviteCandidates(userId, search, ROOM_RULES.inviteMax) };
  }
}
