import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { PinoLogger } from 'nestjs-pino';
import type { AppConfig } from '../config/config';
import { APP_CONFIG } from '../config/config.tokens';
import { SOCKET_IDENTITY, type RealtimeServer, type RealtimeSocket, type SocketIdentityResolver } from './realtime.types';

/** Distinct session ids asked in one query. */
const BATCH_SIZE = 1000;

/**
 * Cuts this process's sockets whose session ended. A logout or password change on another process
 * reaches these sockets through a Redis publish, which is lost while the publisher reconnects; so
 * every SESSION_RECHECK_SECONDS, and whenever this process's Redis connections come back, the
 * sessions of the local member sockets are asked again, one query per batch of distinct ids.
 * Visitors' sockets have no session and are left alone. While the database does not answer,
 * sockets are kept: only a session known to be gone cuts one.
 */
@Injectable()
export class SocketSessionRecheck implements OnApplicationShutdown {
  private server: RealtimeServer | null = null;
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private runAgain = false;
  private failing = false;

  constructor(
    @Inject(SOCKET_IDENTITY) private readonly identity: SocketIdentityResolver,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly logger: PinoLogger,
  ) {}

  /** Called once by the gateway when Socket.IO is up. */
  start(server: RealtimeServer): void {
    this.server = server;
    this.timer = setInterval(() => void this.recheck(), this.config.sessionRecheckSeconds * 1000);
    this.timer.unref();
  }

  /** One pass over the local sockets; a call during a pass runs one more pass right after it. */
  recheck(): Promise<void> {
    if (this.running) {
      this.runAgain = true;
      return this.running;
    }
    this.running = this.pass().finally(() => {
      this.running = null;
      if (this.runAgain) {
        this.runAgain = false;
        void this.recheck();
      }
    });
    return this.running;
  }

  private async pass(): Promise<void> {
    if (!this.server) return;
    const socketsBySession = new Map<string, RealtimeSocket[]>();
    for (const socket of this.server.of('/').sockets.values()) {
      const sessionId = socket.data.sessionId;
      if (sessionId === null) continue;
      const sameSession = socketsBySession.get(sessionId);
      if (sameSession) sameSession.push(socket);
      else socketsBySession.set(sessionId, [socket]);
    }
    const sessionIds = [...socketsBySession.keys()];
    try {
      for (let start = 0; start < sessionIds.length; start += BATCH_SIZE) {
        const batch = sessionIds.slice(start, start + BATCH_SIZE);
        const live = await this.identity.liveSessionIds(batch);
        for (const sessionId of batch) {
          if (live.has(sessionId)) continue;
          for (const socket of socketsBySession.get(sessionId)!) endSession(socket);
        }
      }
      if (this.failing) this.logger.info('socket sessions are checked again');
      this.failing = false;
    } catch (error) {
      if (!this.failing) this.logger.warn({ err: (error as Error).message }, 'socket sessions could not be checked; sockets kept');
      this.failing = true;
    }
  }

  onApplicationShutdown(): void {
    if (this.timer) clearInterval(this.timer);
  }
}

/** As a logout's drop does: the client is told, then disconnected, and reconnects as a visitor. */
function endSession(socket: RealtimeSocket): void {
  // Whether a logout, a password change or the clock ended it is not known here; the client treats every reason alike.
  socket.emit('session.ended', { reason: 'expired' });
  socket.disconnect(true);
}
