import { Body, Controller, Get, HttpCode, Param, Post, Query, UseGuards } from '@nestjs/common';
import {
  WATCH_MESSAGES,
  chatCursorSchema,
  createRoomBodySchema,
  idSchema,
  playbackCommandSchema,
  sendChatBodySchema,
  timedWindowQuerySchema,
  type ChatMessage,
  type ChatPage,
  type CreatedRoom,
  type InviteCandidates,
  type PlaybackState,
  type RoomDetail,
  type TimedCommentWindow,
  type TimedRoomReplays,
} from '@seyirlik/shared-contracts';
import { CurrentViewer, MemberGuard, type Viewer } from '../accounts';
import { parseInput } from '../platform/http/app-exception';
import { RoomPlaybackService } from './room-playback.service';
import { RoomsService } from './rooms.service';

/** The JSON API of watch-together rooms, for members only (401 otherwise); a room's routes for its members only (403). */
@Controller('api/rooms')
@UseGuards(MemberGuard)
export class RoomsController {
  constructor(
    private readonly roomsService: RoomsService,
    private readonly playback: RoomPlaybackService,
  ) {}

  @Post()
  create(@CurrentViewer() viewer: Viewer, @Body() body: unknown): Promise<CreatedRoom> {
    return this.roomsService.create(viewer.user.id, parseInput(createRoomBodySchema, body ?? {}));
  }

  /** `q` of at least two letters searches every member; otherwise the suggestions. */
  @Get('invite-candidates')
  inviteCandidates(@CurrentViewer() viewer: Viewer, @Query('q') query: unknown): Promise<InviteCandidates> {
    return this.roomsService.inviteCandidates(viewer.user.id, typeof query === 'string' ? query : '');
  }

  /** The member's rooms that watched episode `episode`, whose chat the watch page can replay in time. */
  @Get('replays')
  replays(@CurrentViewer() viewer: Viewer, @Query('episode') episode: unknown): Promise<TimedRoomReplays> {
    return this.roomsService.replays(viewer.user.id, parseInput(idSchema(WATCH_MESSAGES.episodeNotFound), episode));
  }

  @Get(':code')
  detail(@CurrentViewer() viewer: Viewer, @Param('code') code: string): Promise<RoomDetail> {
    return this.roomsService.detail(viewer.user.id, code);
  }

  /** The JSON twin of `get_chat`: what the client catches up and polls with. No `after` means from the start. */
  @Get(':code/messages')
  messages(@CurrentViewer() viewer: Viewer, @Param('code') code: string, @Query('after') after: unknown): Promise<ChatPage> {
    return this.roomsService.messagesAfter(viewer.user.id, code, parseInput(chatCursorSchema, after ?? 0));
  }

  /** The chat by the room's playback second (`from`, `to`, `after` as a timed comments' window). */
  @Get(':code/timeline')
  timeline(@CurrentViewer() viewer: Viewer, @Param('code') code: string, @Query() query: unknown): Promise<TimedCommentWindow> {
    return this.roomsService.timeline(viewer.user.id, code, parseInput(timedWindowQuerySchema, query));
  }

  @Post(':code/messages')
  send(@CurrentViewer() viewer: Viewer, @Param('code') code: string, @Body() body: unknown): Promise<ChatMessage> {
    return this.roomsService.sendMessage(viewer.user.id, code, parseInput(sendChatBodySchema, body ?? {}));
  }

  @Post(':code/playback')
  @HttpCode(200)
  playbackCommand(@CurrentViewer() viewer: Viewer, @Param('code') code: string, @Body() body: unknown): Promise<PlaybackState> {
    return this.playback.apply(viewer.user.id, code, parseInput(playbackCommandSchema, body ?? {}));
  }
}
