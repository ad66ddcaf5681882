import { ConnectedSocket, MessageBody, SubscribeMessage, WebSocketGateway } from '@nestjs/websockets';
import { ROOM_RULES, roomPlaybackCommandSchema, roomTypingCommandSchema, rooms, type PlaybackReply } from '@seyirlik/shared-contracts';
import { PinoLogger } from 'nestjs-pino';
import type { RealtimeSocket } from '../platform/realtime/realtime.types';
import { runSocketCommand } from '../platform/realtime/socket-command';
import { RoomPlaybackService } from './room-playback.service';
import { RoomPresenceService } from './room-presence.service';

/**
 * Counts a socket's typing signals in fixed windows of ROOM_RULES.typingSignalLimit. Kept with the
 * socket in this process (typing is this process's state too), so it costs no round trip.
 */
class TypingBudget {
  private readonly windows = new WeakMap<RealtimeSocket, { startedAt: number; count: number }>();

  /** Whether the socket may send one more signal now; counts it. */
  take(socket: RealtimeSocket, now = Date.now()): boolean {
    const { points, windowSeconds } = ROOM_RULES.typingSignalLimit;
    let window = this.windows.get(socket);
    if (!window || now - window.startedAt >= windowSeconds * 1000) {
      window = { startedAt: now, count: 0 };
      this.windows.set(socket, window);
    }
    window.count += 1;
    return window.count <= points;
  }
}

/**
 * Socket commands of watch-together rooms, on the one Socket.IO server the realtime gateway
 * set up. Only a socket that joined the room may use them.
 */
@WebSocketGateway()
export class RoomsGateway {
  private readonly typingBudget = new TypingBudget();

  constructor(
    private readonly playback: RoomPlaybackService,
    private readonly presence: RoomPresenceService,
    private readonly logger: PinoLogger,
  ) {}

  /**
   * Malformed payloads, sockets outside the room and signals beyond the socket's typing budget
   * are ignored: typing has no answer.
   */
  @SubscribeMessage('room.typing')
  async typing(@ConnectedSocket() socket: RealtimeSocket, @MessageBody() payload: unknown): Promise<void> {
    await runSocketCommand(
      socket,
      payload,
      {
        event: 'room.typing',
        schema: roomTypingCommandSchema,
        member: true,
        channel: ({ code }) => rooms.chat(code),
        silent: true,
        run: async ({ code, typing }, { userId }) => {
          if (this.typingBudget.take(socket)) await this.presence.setTyping(userId, code, typing);
        },
      },
      this.logger,
    );
  }

  /** The same command as POST /api/rooms/:code/playback, answered through the acknowledgement. */
  @SubscribeMessage('room.playback')
  async playbackCommand(@ConnectedSocket() socket: RealtimeSocket, @MessageBody() payload: unknown): Promise<PlaybackReply | undefined> {
    return runSocketCommand(
      socket,
      payload,
      {
        event: 'room.playback',
        schema: roomPlaybackCommandSchema,
        member: true,
        channel: ({ code }) => rooms.chat(code),
        run: async ({ code, ...command }, { userId }) => ({ ok: true as const, playback: await this.playback.apply(userId, code, command) }),
      },
      this.logger,
    );
  }
}
