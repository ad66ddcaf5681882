import { Injectable } from '@nestjs/common';
import type { IncomingMessage } from 'node:http';
import type { SocketIdentityResolver } from '../platform/realtime/realtime.types';
import { SessionsService } from './sessions.service';
import { sessionTokenOf } from '../platform/http/session-cookie';

/**
 * A socket belongs to the member of the session cookie it was opened with; anything else is a
 * visitor. Its session is asked again later (SocketSessionRecheck), so one ended elsewhere stops it.
 */
@Injectable()
export class SessionSocketIdentity implements SocketIdentityResolver {
  constructor(private readonly sessions: SessionsService) {}

  async resolve(request: IncomingMessage): Promise<{ userId: number; sessionId: string } | null> {
    const viewer = await this.sessions.resolve(sessionTokenOf(request.headers.cookie));
    return viewer ? { userId: viewer.user.id, sessionId: viewer.sessionId } : null;
  }

  liveSessionIds(sessionIds: string[]): Promise<Set<string>> {
    return this.sessions.liveIds(sessionIds);
  }
}
