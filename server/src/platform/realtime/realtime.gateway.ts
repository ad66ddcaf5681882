import { Inject } from '@nestjs/common';
import {
  ConnectedSocket,
  MessageBody,
  type OnGatewayConnection,
  type OnGatewayInit,
  SubscribeMessage,
  WebSocketGateway,
} from '@nestjs/websockets';
import { channelRequestSchema, parseRoom, REALTIME_MESSAGES, type RoomJoinReply, rooms, type StreamHeadsReply } from '@seyirlik/shared-contracts';
import { PinoLogger } from 'nestjs-pino';
import { RealtimeService } from './realtime.service';
import { RoomAccessRegistry } from './room-access.registry';
import { runSocketCommand } from './socket-command';
import { SocketSessionRecheck } from './socket-session-recheck';
import { StreamHeads } from './stream-heads';
import { SOCKET_IDENTITY, type RealtimeServer, type RealtimeSocket, type SocketIdentityResolver } from './realtime.types';

@WebSocketGateway()
export class RealtimeGateway implements OnGatewayInit, OnGatewayConnection {
  constructor(
    private readonly realtime: RealtimeService,
    @Inject(SOCKET_IDENTITY) private readonly identity: SocketIdentityResolver,
    private readonly logger: PinoLogger,
    private readonly roomAccess: RoomAccessRegistry,
    private readonly sessionRecheck: SocketSessionRecheck,
    private readonly streamHeads: StreamHeads,
  ) {}

  afterInit(server: RealtimeServer): void {
    this.realtime.attach(server);
    this.sessionRecheck.start(server);
    // The handshake decides who the socket belongs to before any event is handled.
    server.use((socket, next) => {
      this.identity
        .resolve(socket.request)
        .then((identity) => {
          socket.data.userId = identity?.userId ?? null;
          socket.data.sessionId = identity?.sessionId ?? null;
          next();
        })
        .catch((error: Error) => next(error));
    });
  }

  handleConnection(socket: RealtimeSocket): void {
    if (socket.data.userId !== null && socket.data.sessionId !== null) {
      void socket.join([rooms.user(socket.data.userId), rooms.session(socket.data.sessionId)]);
    }
    // The rooms are still listed while disconnecting and already left once disconnected, which is
    // when their features are told (a count of who is in a room must no longer see this socket).
    socket.on('disconnecting', () => {
      const joined = [...socket.rooms];
      socket.once('disconnect', () => {
        for (const room of joined) this.roomAccess.membershipChanged(room, { userId: socket.data.userId, joined: false });
      });
    });
    this.logger.debug({ socket: socket.id, userId: socket.data.userId }, 'socket connected');
  }

  /** Joins a room only after its feature's policy allowed this socket's member (or visitor). */
  @SubscribeMessage('room.join')
  async joinRoom(@ConnectedSocket() socket: RealtimeSocket, @MessageBody() payload: unknown): Promise<RoomJoinReply | undefined> {
    return runSocketCommand(
      socket,
      payload,
      {
        event: 'room.join',
        schema: channelRequestSchema,
        member: false,
        run: async ({ room }, { userId }): Promise<RoomJoinReply> => {
          const decision = await this.roomAccess.decide(userId, room);
          if (decision === 'unknown') return { ok: false, message: REALTIME_MESSAGES.roomUnknown };
          if (decision === 'refused') return { ok: false, message: REALTIME_MESSAGES.roomRefused };
          await socket.join(room);
          this.roomAccess.membershipChanged(room, { userId, joined: true });
          return { ok: true };
        },
      },
      this.logger,
    );
  }

  /** Leaves only rooms a socket may ask for; its own `user:` and `session:` rooms stay. */
  @SubscribeMessage('room.leave')
  async leaveRoom(@ConnectedSocket() socket: RealtimeSocket, @MessageBody() payload: unknown): Promise<void> {
    await runSocketCommand(
      socket,
      payload,
      {
        event: 'room.leave',
        schema: channelRequestSchema,
        member: false,
        channel: ({ room }) => room,
        silent: true,
        run: async ({ room }, { userId }) => {
          const kind = parseRoom(room)?.kind;
          if (!kind || kind === 'user') return;
          await socket.leave(room);
          this.roomAccess.membershipChanged(room, { userId, joined: false });
        },
      },
      this.logger,
    );
  }

  @SubscribeMessage('stream.heads')
  streamHeadsOf(@ConnectedSocket() socket: RealtimeSocket, @MessageBody() payload: unknown): Promise<StreamHeadsReply> {
    return this.streamHeads.answer(socket, payload);
  }

  @SubscribeMessage('clock.ping')
  clockPing(): { serverTime: number } {
    return { serverTime: Date.now() };
  }
}
