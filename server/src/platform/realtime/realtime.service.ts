import { Injectable } from '@nestjs/common';
import { rooms, type RoomName, type ServerToClientEvents } from '@seyirlik/shared-contracts';
import type { RealtimeServer } from './realtime.types';

type EventArgs<E extends keyof ServerToClientEvents> = Parameters<ServerToClientEvents[E]>;

/**
 * The one place that emits to clients. Services call it after their transaction commits;
 * through the Redis adapter the emit reaches sockets on every server process.
 */
@Injectable()
export class RealtimeService {
  private server: RealtimeServer | null = null;

  /** Called once by the gateway when Socket.IO is up. */
  attach(server: RealtimeServer): void {
    this.server = server;
  }

  toRoom<E extends keyof ServerToClientEvents>(room: RoomName, event: E, ...args: EventArgs<E>): void {
    this.io().to(room).emit(event, ...args);
  }

  toUser<E extends keyof ServerToClientEvents>(userId: number, event: E, ...args: EventArgs<E>): void {
    this.toRoom(rooms.user(userId), event, ...args);
  }

  /** Adds the sockets of a room (on any process) to another room, e.g. a member's sockets to a chat room. */
  async addToRoom(fromRoom: RoomName | string, room: RoomName): Promise<void> {
    this.io().in(fromRoom).socketsJoin(room);
  }

  private io(): RealtimeServer {
    if (!this.server) throw new Error('Socket.IO is not initialised yet');
    return this.server;
  }
}
