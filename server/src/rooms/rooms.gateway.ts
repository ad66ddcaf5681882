import { ConnectedSocket, MessageBody, SubscribeMessage, WebSocketGateway } from '@nestjs/websockets';
import { ROOM_RULES, roomPlaybackCommandSchema, roomTypingCommandSchema, rooms, type PlaybackReply } from '@seyirlik/shared-contracts';
import { PinoLogger } from 'nestjs-pino';
import type { RealtimeSocket } from '../platform/realtime/realtime.types';
import { SignalBudget } from '../platform/realtime/signal-budget';
import { runSocketCommand } from '../platform/realtime/socket-command';
import { RoomPlaybackService } from './room-playback.service';
import { RoomPresenceService } from './room-presence.service';

/**
 * Socket commands of watch-together rooms, on the one Socket.IO server the realtime gateway
 * set up. Only a socket that joined the room may use them.
 */
@WebSocketGateway()
export class RoomsGateway {
  private readonly typingBudget = new SignalBudget(ROOM_RULES.typingSignalLimit);

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
