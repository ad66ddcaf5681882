import type { INestApplicationContext } from '@nestjs/common';
import { IoAdapter } from '@nestjs/platform-socket.io';
import type { MessageMappingProperties } from '@nestjs/websockets';
import { createAdapter } from '@socket.io/redis-adapter';
import { SOCKET_PATH } from '@seyirlik/shared-contracts';
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import { isObservable, type Observable } from 'rxjs';
import type { Server, ServerOptions, Socket } from 'socket.io';
import type { AppConfig } from '../config/config';
import { isAllowedOrigin } from '../http/origin-policy';
import { createRedisClient } from '../redis/redis';
import { RealtimeService } from './realtime.service';
import { SocketSessionRecheck } from './socket-session-recheck';

/**
 * The largest packet a client may send over its socket, or in one long-polling request. What
 * clients send is a room or stream name, a conversation's hash, a flag or a playback command (the
 * largest, `stream.heads`, lists at most STREAM_RULES.headsMaxStreams names: well under 2 KB).
 * Socket.IO's default, 1 MB, let one packet of nested brackets hold the process for some 80 ms
 * while it was parsed; a larger packet now ends the connection before anything of it is parsed.
 */
export const SOCKET_PACKET_LIMIT_BYTES = 16 * 1024;

/**
 * Socket.IO on the HTTP server's port: the handshake is refused for a foreign Origin, and with
 * REDIS_URL every emit fans out to the other server processes through the Redis adapter
 * (in-memory adapter otherwise).
 *
 * A socket is only worth holding while fan-out works: a process cut off from Redis would keep its
 * sockets connected yet deaf to every other process, and their clients would not know to poll.
 * So while the adapter's Redis is away the process drops its sockets as a lost transport and
 * refuses new handshakes; clients poll over HTTP meanwhile, and reconnect and catch up once
 * Redis is back. Revocations published meanwhile are lost, so the sessions of the sockets are
 * checked again as each Redis connection comes back (and on a period, SocketSessionRecheck).
 */
export class RealtimeIoAdapter extends IoAdapter {
  private readonly redisClients: Redis[] = [];

  constructor(
    private readonly app: INestApplicationContext,
    private readonly config: AppConfig,
    private readonly logger: Logger,
  ) {
    super(app);
  }

  override createIOServer(port: number, options?: ServerOptions): Server {
    const server: Server = super.createIOServer(port, {
      ...options,
      path: SOCKET_PATH,
      serveClient: false,
      maxHttpBufferSize: SOCKET_PACKET_LIMIT_BYTES,
      allowRequest: (request, callback) => {
        if (!isAllowedOrigin(request.headers.origin, request.headers.host, this.config.publicOrigin)) {
          callback('origin not allowed', false);
        } else if (!this.fanOutReady()) {
          callback('realtime fan-out unavailable', false);
        } else {
          callback(null, true);
        }
      },
    } as ServerOptions);
    if (this.config.redisUrl) {
      const publisher = createRedisClient(this.config.redisUrl, 'publisher', this.logger);
      const subscriber = createRedisClient(this.config.redisUrl, 'subscriber', this.logger);
      this.redisClients.push(publisher, subscriber);
      server.adapter(createAdapter(publisher, subscriber, { key: `${this.config.redisPrefix}:socket.io` }));
      this.app.get(RealtimeService).holdWhileAway(publisher);
      for (const client of this.redisClients) {
        client.on('close', () => {
          for (const socket of server.of('/').sockets.values()) socket.conn.close();
        });
        // Revocations published while a connection was away are lost: ask the sessions again.
        client.on('ready', () => void this.app.get(SocketSessionRecheck).recheck());
      }
    }
    return server;
  }

  /**
   * One plain listener per handled event on each socket, answering as Nest's own binding does: a
   * reply with an `event` is emitted as that event, any other reply is the acknowledgement, and
   * nothing is answered once the socket is gone. Nest's binding builds an rxjs pipeline per event
   * per socket (a fromEvent source, a mergeMap and a takeUntil each, with their subscribers and
   * closures): some 35 KB of heap held by every connected socket for our eight events, against some
   * 16 KB for all the rest a socket holds (realtime.spec.ts measures it). A process holding
   * thousands of sockets paid for that in memory and in the time of each full garbage collection,
   * which every socket's messages wait through.
   */
  override bindMessageHandlers(socket: Socket, handlers: MessageMappingProperties[], _transform: (data: unknown) => Observable<unknown>): void {
    for (const { message, callback, isAckHandledManually } of handlers) {
      socket.on(message as string, (...args: unknown[]) => {
        // As rxjs's fromEvent hands it to Nest: one argument alone, several as a list.
        const { data, ack } = this.mapPayload(args.length > 1 ? args : args[0]);
        const answer = (response: unknown): void => {
          if (response === null || response === undefined || !socket.connected) return;
          const { event, data: eventData } = response as { event?: string; data?: unknown };
          if (event) socket.emit(event, eventData);
          else if (!isAckHandledManually && typeof ack === 'function') ack(response);
        };
        Promise.resolve(callback(data, ack) as unknown)
          .then((result) => (isObservable(result) ? void result.subscribe(answer) : answer(result)))
          .catch((error: unknown) => this.logger.error({ err: error, event: message }, 'socket event handler failed'));
      });
    }
  }

  private fanOutReady(): boolean {
    return this.redisClients.every((client) => client.status === 'ready');
  }

  /**
   * Waits (up to `timeoutMs`) for the Redis clients of the adapter: a process that accepted
   * sockets before its publisher connected would drop its first emits and room joins. If Redis is
   * down at start the process serves HTTP without it and takes sockets once Redis answers.
   */
  async whenConnected(timeoutMs: number): Promise<void> {
    const pending = this.redisClients
      .filter((client) => client.status !== 'ready')
      .map((client) => new Promise<void>((resolveReady) => client.once('ready', () => resolveReady())));
    if (pending.length === 0) return;
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<void>((resolveDeadline) => {
      timer = setTimeout(() => {
        this.logger.warn('redis is not reachable yet; sockets are refused until it is');
        resolveDeadline();
      }, timeoutMs);
    });
    await Promise.race([Promise.all(pending).then(() => undefined), deadline]);
    clearTimeout(timer);
  }

  /**
   * Closing the server drops every connection as a lost transport (not a server-side disconnect),
   * so clients reconnect by themselves, to another replica during a rolling restart.
   */
  override async close(server: Server): Promise<void> {
    await super.close(server);
    for (const client of this.redisClients.splice(0)) client.disconnect();
  }
}
