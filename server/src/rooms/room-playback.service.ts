import { HttpStatus, Injectable } from '@nestjs/common';
import { ROOM_MESSAGES as M, rooms, type PlaybackCommand, type PlaybackState } from '@seyirlik/shared-contracts';
import { DataSource } from 'typeorm';
import { AppException } from '../platform/http/app-exception';
import { RealtimeService } from '../platform/realtime/realtime.service';
import { RoomsRepository, type RoomRow } from './rooms.repository';
import { canControl, RoomsService } from './rooms.service';

/** The state a command leaves: play and pause set the status, seek keeps it; all set the position. */
function nextPlayback(current: RoomRow['playback'], command: PlaybackCommand, userId: number, serverTime: number): RoomRow['playback'] {
  const status = command.action === 'play' ? 'playing' : command.action === 'pause' ? 'paused' : current.status;
  return {
    status,
    positionSeconds: command.positionSeconds,
    serverTime,
    version: current.version + 1,
    action: command.action,
    byId: userId,
  };
}

/**
 * Synced playback. The server holds each room's state (status, position at a server time,
 * version); a command from a member with control (the creator, or everyone when the creator chose
 * so) is applied under the room's row lock, so concurrent commands get consecutive versions, and
 * goes out on `room:{code}` after commit. Clients ignore a state older than the one they applied.
 */
@Injectable()
export class RoomPlaybackService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly roomsRepository: RoomsRepository,
    private readonly roomsService: RoomsService,
    private readonly realtime: RealtimeService,
  ) {}

  async apply(userId: number, code: unknown, command: PlaybackCommand): Promise<PlaybackState> {
    const room = await this.roomsService.enter(userId, code);
    if (!canControl(room, userId)) throw new AppException(HttpStatus.FORBIDDEN, M.controlDenied);
    const applied = await this.dataSource.transaction(async (manager) => {
      const current = (await this.roomsRepository.findByCode(room.code, manager, true))!;
      // Read the clock under the lock, so a later version never carries an earlier time.
      const playback = nextPlayback(current.playback, command, userId, Date.now());
      await this.roomsRepository.updatePlayback(manager, current.id, playback);
      return { ...current, playback };
    });
    const state = await this.roomsService.playbackOf(applied);
    this.realtime.toRoom(rooms.chat(room.code), 'room.playbackChanged', { code: room.code, playback: state });
    return state;
  }
}
