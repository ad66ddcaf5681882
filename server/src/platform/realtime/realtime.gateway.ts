import { Inject } from '@nestjs/common';
import { type OnGatewayConnection, type OnGatewayInit, SubscribeMessage, WebSocketGateway } from '@nestjs/websockets';
import { rooms } from '@seyirlik/shared-contracts';
import { PinoLogger } from 'nestjs-pino';
import { RealtimeService } from './realtime.service';
import { SOCKET_IDENTITY, type RealtimeServer, type RealtimeSocket, type SocketIdentityResolver } from './realtime.types';

@WebSocketGateway()
export class RealtimeGateway implements OnGatewayInit, OnGatewayConnection {
  constructor(
    private readonly realtime: RealtimeService,
    @Inject(SOCKET_IDENTITY) private readonly identity: SocketIdentityResolver,
    private readonly logger: PinoLogger,
  ) {}

  afterInit(server: RealtimeServer): void {
    this.realtime.attach(server);
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
    this.logger.debug({ socket: socket.id, userId: socket.data.userId }, 'socket connected');
  }

  @SubscribeMessage('clock.ping')
  clockPing(): { serverTime: number } {
    return { serverTime: Date.now() };
  }
}
