import { Body, Controller, Get, HttpCode, Param, Post, Query, UseGuards } from '@nestjs/common';
import {
  chatCursorSchema,
  createRoomBodySchema,
  playbackCommandSchema,
  sendChatBodySchema,
  type ChatMessage,
  type ChatPage,
  type CreatedRoom,
  type InviteCandidates,
  type PlaybackState,
  type RoomDetail,
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

  @Get(':code')
  detail(@CurrentViewer() viewer: Viewer, @Param('code') code: string): Promise<RoomDetail> {
    return this.roomsService.detail(viewer.user.id, code);
  }

  /** The JSON twin of `get_chat`: what the client catches up and polls with. No `after` means from the start. */
  @Get(':code/messages')
  messages(@CurrentViewer() viewer: Viewer, @Param('code') code: string, @Query('after') after: unknown): Promise<ChatPage> {
    return this.roomsService.messagesAfter(viewer.user.id, code, parseInput(chatCursorSchema, after ?? 0));
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
