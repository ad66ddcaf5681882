import { ConnectedSocket, MessageBody, SubscribeMessage, WebSocketGateway } from '@nestjs/websockets';
import { MESSAGES, REALTIME_MESSAGES, playbackCommandSchema, roomCodeSchema, rooms, type PlaybackReply } from '@seyirlik/shared-contracts';
import { PinoLogger } from 'nestjs-pino';
import { z } from 'zod';
import { AppException, parseInput } from '../platform/http/app-exception';
import type { RealtimeSocket } from '../platform/realtime/realtime.types';
import { RoomPlaybackService } from './room-playback.service';
import { RoomPresenceService } from './room-presence.service';

const typingSchema = z.object({ code: roomCodeSchema, typing: z.boolean() });
const playbackSchema = playbackCommandSchema.extend({ code: roomCodeSchema });

/** Whether the socket joined `room:{code}` (through `room.join`, which checked the member may enter). */
const joined = (socket: RealtimeSocket, code: string) => socket.rooms.has(rooms.chat(code));

/**
 * Socket commands of watch-together rooms, on the one Socket.IO server the realtime gateway
 * set up. Only a socket that joined the room may use them.
 */
@WebSocketGateway()
export class RoomsGateway {
  constructor(
    private readonly playback: RoomPlaybackService,
    private readonly presence: RoomPresenceService,
    private readonly logger: PinoLogger,
  ) {}

  /** Malformed payloads and sockets outside the room are ignored: typing has no answer. */
  @SubscribeMessage('room.typing')
  async typing(@ConnectedSocket() socket: RealtimeSocket, @MessageBody() payload: unknown): Promise<void> {
    const parsed = typingSchema.safeParse(payload);
    if (!parsed.success || socket.data.userId === null || !joined(socket, parsed.data.code)) return;
    await this.presence.setTyping(socket.data.userId, parsed.data.code, parsed.data.typing);
  }

  /** The same command as POST /api/rooms/:code/playback, answered through the acknowledgement. */
  @SubscribeMessage('room.playback')
  async playbackCommand(@ConnectedSocket() socket: RealtimeSocket, @MessageBody() payload: unknown): Promise<PlaybackReply> {
    try {
      const { code, ...command } = parseInput(playbackSchema, payload);
      if (socket.data.userId === null || !joined(socket, code)) return { ok: false, message: REALTIME_MESSAGES.roomRefused };
      return { ok: true, playback: await this.playback.apply(socket.data.userId, code, command) };
    } catch (error) {
      if (error instanceof AppException) return { ok: false, message: (error.getResponse() as { message: string }).message };
      this.logger.error({ err: error }, 'room playback command failed');
      return { ok: false, message: MESSAGES.serverError };
    }
  }
}
