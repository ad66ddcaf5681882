import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { ACCOUNT_RULES, rooms, type SessionEndReason } from '@seyirlik/shared-contracts';
import { Repository } from 'typeorm';
import { PreparedStatement } from '../platform/database/prepared-statement';
import { RealtimeService } from '../platform/realtime/realtime.service';
import { UserSession } from './entities/user-session.entity';
import { User } from './entities/user.entity';
import { SESSION_TOUCH_INTERVAL_MS, sessionKeyOf } from './session-key';
import { newToken } from './tokens';

const DAY_MS = 24 * 60 * 60 * 1000;
const REMEMBERED_MS = ACCOUNT_RULES.rememberedSessionDays * DAY_MS;
const IDLE_MS = ACCOUNT_RULES.sessionIdleHours * 60 * 60 * 1000;

const LIVE_IDS = new PreparedStatement<{ id: string }>(
  'sessions.liveIds',
  'SELECT id::text AS id FROM user_session WHERE id = ANY($1::bigint[]) AND expires_at > now()',
);

/** Who is behind a request or a socket. */
export interface Viewer {
  sessionId: string;
  user: User;
}

export interface SessionMeta {
  userAgent: string;
  ip: string;
}

/**
 * Login sessions in PostgreSQL, so every server process recognises them. The cookie holds a
 * random token; only its hash is stored. A remembered session lasts 30 days from its last use,
 * another one ends with the browser and after 12 idle hours.
 */
@Injectable()
export class SessionsService {
  constructor(
    @InjectRepository(UserSession) private readonly sessions: Repository<UserSession>,
    @InjectRepository(User) private readonly users: Repository<User>,
    private readonly realtime: RealtimeService,
  ) {}

  /** Built on first use from the entities' metadata. */
  private resolveQuery: PreparedStatement<Record<string, unknown>> | null = null;

  async start(userId: number, remember: boolean, meta: SessionMeta): Promise<{ token: string; maxAgeMs: number | null }> {
    const { token, hash } = newToken();
    await this.sessions.insert({
      userId,
      tokenHash: hash,
      remember,
      expiresAt: new Date(Date.now() + (remember ? REMEMBERED_MS : IDLE_MS)),
      userAgent: meta.userAgent.slice(0, 300),
      ip: meta.ip.slice(0, 64),
    });
    return { token, maxAgeMs: remember ? REMEMBERED_MS : null };
  }

  /**
   * The viewer of a session cookie, or null when it is unknown, revoked or expired. Every
   * request of a member asks this, so it is one round trip: the session and its member in one
   * query (the member's columns read from the User entity's metadata, so none is forgotten).
   */
  async resolve(token: string | undefined): Promise<Viewer | null> {
    const key = sessionKeyOf(token);
    if (key === null) return null;
    const [row] = await this.resolveStatement().run(this.sessions.manager.connection, [key]);
    if (!row) return null;
    const session = {
      id: String(row.s_id),
      remember: row.s_remember as boolean,
      lastSeenAt: row.s_last_seen_at as Date,
      expiresAt: row.s_expires_at as Date,
    };
    const now = Date.now();
    if (session.expiresAt.getTime() <= now) {
      await this.sessions.delete({ id: session.id });
      return null;
    }
    if (now - session.lastSeenAt.getTime() > SESSION_TOUCH_INTERVAL_MS) {
      await this.sessions.update(
        { id: session.id },
        { lastSeenAt: new Date(now), expiresAt: new Date(now + (session.remember ? REMEMBERED_MS : IDLE_MS)) },
      );
    }
    return { sessionId: session.id, user: this.userFromRow(row) };
  }

  /** The session's own columns as s_*, every column of its member as u_{index}; prepared. */
  private resolveStatement(): PreparedStatement<Record<string, unknown>> {
    this.resolveQuery ??= new PreparedStatement(
      'sessions.resolve',
      `SELECT s.id AS s_id, s.remember AS s_remember, s.last_seen_at AS s_last_seen_at, s.expires_at AS s_expires_at,
              ${this.users.metadata.columns.map((column, index) => `u.${column.databaseName} AS u_${index}`).join(', ')}
         FROM user_session s JOIN app_user u ON u.id = s.user_id
        WHERE s.token_hash = $1`,
    );
    return this.resolveQuery;
  }

  private userFromRow(row: Record<string, unknown>): User {
    const user = this.users.create();
    this.users.metadata.columns.forEach((column, index) => column.setEntityValue(user, row[`u_${index}`]));
    return user;
  }

  /**
   * Of these session ids, the ones that still exist and have not expired. Sockets do not slide a
   * session's expiry (requests do), so a socket outliving its session's last request ends with it.
   */
  async liveIds(sessionIds: string[]): Promise<Set<string>> {
    if (sessionIds.length === 0) return new Set();
    const rows = await LIVE_IDS.run(this.sessions.manager.connection, [sessionIds]);
    return new Set(rows.map((row) => row.id));
  }

  /** Ends one session (logout) and drops that browser's sockets on every process. */
  async end(sessionId: string, reason: SessionEndReason): Promise<void> {
    await this.sessions.delete({ id: sessionId });
    this.realtime.endSocketSessions(rooms.session(sessionId), reason);
  }

  /** Ends every session of a member but `keepSessionId`, and drops their sockets. */
  async endAllOf(userId: number, reason: SessionEndReason, keepSessionId: string | null = null): Promise<void> {
    const ended = await this.sessions.find({ where: { userId }, select: { id: true } });
    for (const session of ended) {
      if (session.id === keepSessionId) continue;
      await this.sessions.delete({ id: session.id });
      this.realtime.endSocketSessions(rooms.session(session.id), reason);
    }
  }
}
