import { Module, type OnModuleInit } from '@nestjs/common';
import { rooms } from '@seyirlik/shared-contracts';
import { RoomAccessRegistry } from '../platform/realtime/room-access.registry';
import { StreamHeads } from '../platform/realtime/stream-heads';
import { RoomPlaybackService } from './room-playback.service';
import { RoomPresenceService } from './room-presence.service';
import { RoomsController } from './rooms.controller';
import { RoomsGateway } from './rooms.gateway';
import { RoomsLegacyController } from './rooms.legacy.controller';
import { RoomsRepository } from './rooms.repository';
import { RoomsService } from './rooms.service';

/** Watch-together rooms: creation with invites, chat, presence, typing and synced playback. */
@Module({
  controllers: [RoomsController, RoomsLegacyController],
  providers: [RoomsRepository, RoomsService, RoomPlaybackService, RoomPresenceService, RoomsGateway],
  exports: [RoomsService],
})
export class RoomsModule implements OnModuleInit {
  constructor(
    private readonly roomAccess: RoomAccessRegistry,
    private readonly roomsService: RoomsService,
    private readonly presence: RoomPresenceService,
    private readonly streamHeads: StreamHeads,
  ) {}

  /** Sockets join `room:{code}` under the same rule as HTTP, and their comings and goings make presence. */
  onModuleInit(): void {
    this.roomAccess.register(
      'room',
      (userId, code) => this.roomsService.canEnter(userId, code),
      (code, change) => this.presence.membershipChanged(code, change),
    );
    // A room's chat stream is delivered on the room's channel.
    this.streamHeads.register('room-chat', (code) => [rooms.chat(code)]);
  }
}
