import { type CanActivate, createParamDecorator, type ExecutionContext, Injectable } from '@nestjs/common';
import { SESSION_COOKIE } from '@seyirlik/shared-contracts';
import { serialize as serializeCookie } from 'cookie';
import type { preHandlerHookHandler } from 'fastify';
import { LoginRequiredException } from '../platform/http/app-exception';
import type { HttpReply, HttpRequest } from '../platform/http/http-types';
import { sessionTokenOf } from '../platform/http/session-cookie';
import type { SessionMeta, SessionsService, Viewer } from './sessions.service';

declare module 'fastify' {
  interface FastifyRequest {
    /** The member behind the request (null for a visitor), set by viewerHook before any handler. */
    viewer?: Viewer | null;
  }
}

/** Reads the session cookie of every routed request once, before its handler: `request.viewer`. */
export function viewerHook(sessions: SessionsService): preHandlerHookHandler {
  return (request, _reply, done) => {
    const token = sessionTokenOf(request.headers.cookie);
    // A visitor (no session cookie, most requests) goes on at once, with no promise to wait for.
    if (token === undefined) {
      request.viewer = null;
      return done();
    }
    sessions.resolve(token).then((viewer) => {
      request.viewer = viewer;
      done();
    }, done);
  };
}

/** Members only: a visitor gets 401 on the JSON API and the session flag on the legacy API. */
@Injectable()
export class MemberGuard implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    if (!context.switchToHttp().getRequest<HttpRequest>().viewer) throw new LoginRequiredException();
    return true;
  }
}

/** The viewer of a MemberGuard-protected route. */
export const CurrentViewer = createParamDecorator((_data: unknown, context: ExecutionContext): Viewer => {
  const viewer = context.switchToHttp().getRequest<HttpRequest>().viewer;
  if (!viewer) throw new LoginRequiredException();
  return viewer;
});

/** The viewer or null, for routes open to visitors. */
export const OptionalViewer = createParamDecorator(
  (_data: unknown, context: ExecutionContext): Viewer | null => context.switchToHttp().getRequest<HttpRequest>().viewer ?? null,
);

export function sessionMeta(request: HttpRequest): SessionMeta {
  return { userAgent: request.headers['user-agent'] ?? '', ip: request.ip ?? '' };
}

/** Session cookie: HttpOnly, SameSite=Lax, Secure over TLS; without a max age it ends with the browser. */
export function setSessionCookie(request: HttpRequest, response: HttpReply, token: string, maxAgeMs: number | null, secureSite: boolean): void {
  const cookie = serializeCookie(SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: 'lax',
    secure: request.protocol === 'https' || secureSite,
    path: '/',
    ...(maxAgeMs === null ? {} : { maxAge: Math.floor(maxAgeMs / 1000), expires: new Date(Date.now() + maxAgeMs) }),
  });
  void response.header('Set-Cookie', cookie);
}

/** Ends the session cookie in the browser (expired, empty). */
export function clearSessionCookie(response: HttpReply): void {
  void response.header('Set-Cookie', serializeCookie(SESSION_COOKIE, '', { path: '/', httpOnly: true, sameSite: 'lax', expires: new Date(0) }));
}
