import { Module, type OnModuleInit } from '@nestjs/common';
import { RoomAccessRegistry } from '../platform/realtime/room-access.registry';
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
})
export class RoomsModule implements OnModuleInit {
  constructor(
    private readonly roomAccess: RoomAccessRegistry,
    private readonly roomsService: RoomsService,
    private readonly presence: RoomPresenceService,
  ) {}

  /** Sockets join `room:{code}` under the same rule as HTTP, and their comings and goings make presence. */
  onModuleInit(): void {
    this.roomAccess.register(
      'room',
      (userId, code) => this.roomsService.canEnter(userId, code),
      (code, change) => this.presence.membershipChanged(code, change),
    );
  }
}
