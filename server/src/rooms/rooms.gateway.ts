import { ConnectedSocket, MessageBody, SubscribeMessage, WebSocketGateway } from '@nestjs/websockets';
import { MESSAGES, REALTIME_MESSAGES, ROOM_RULES, playbackCommandSchema, roomCodeSchema, rooms, type PlaybackReply } from '@seyirlik/shared-contracts';
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
    const parsed = typingSchema.safeParse(payload);
    if (!parsed.success || socket.data.userId === null || !joined(socket, parsed.data.code)) return;
    if (!this.typingBudget.take(socket)) return;
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
