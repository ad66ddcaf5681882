import {
  type CanActivate,
  createParamDecorator,
  type ExecutionContext,
  Injectable,
  type NestMiddleware,
} from '@nestjs/common';
import { SESSION_COOKIE } from '@seyirlik/shared-contracts';
import type { NextFunction, Request, Response } from 'express';
import { LoginRequiredException } from '../platform/http/app-exception';
import { sessionTokenOf } from '../platform/http/session-cookie';
import { SessionsService, type SessionMeta, type Viewer } from './sessions.service';

declare module 'express-serve-static-core' {
  interface Request {
    /** The member behind the request (null for a visitor), set by ViewerMiddleware. */
    viewer?: Viewer | null;
  }
}

/** Reads the session cookie of every request once. */
@Injectable()
export class ViewerMiddleware implements NestMiddleware {
  constructor(private readonly sessions: SessionsService) {}

  async use(request: Request, _response: Response, next: NextFunction): Promise<void> {
    try {
      request.viewer = await this.sessions.resolve(sessionTokenOf(request.headers.cookie));
      next();
    } catch (error) {
      next(error);
    }
  }
}

/** Members only: a visitor gets 401 on the JSON API and the session flag on the legacy API. */
@Injectable()
export class MemberGuard implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    if (!context.switchToHttp().getRequest<Request>().viewer) throw new LoginRequiredException();
    return true;
  }
}

/** The viewer of a MemberGuard-protected route. */
export const CurrentViewer = createParamDecorator((_data: unknown, context: ExecutionContext): Viewer => {
  const viewer = context.switchToHttp().getRequest<Request>().viewer;
  if (!viewer) throw new LoginRequiredException();
  return viewer;
});

/** The viewer or null, for routes open to visitors. */
export const OptionalViewer = createParamDecorator(
  (_data: unknown, context: ExecutionContext): Viewer | null => context.switchToHttp().getRequest<Request>().viewer ?? null,
);

export function sessionMeta(request: Request): SessionMeta {
  return { userAgent: request.headers['user-agent'] ?? '', ip: request.ip ?? '' };
}

/** Session cookie: HttpOnly, SameSite=Lax, Secure over TLS; without a max age it ends with the browser. */
export function setSessionCookie(request: Request, response: Response, token: string, maxAgeMs: number | null, secureSite: boolean): void {
  response.cookie(SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: 'lax',
    secure: request.secure || secureSite,
    path: '/',
    ...(maxAgeMs === null ? {} : { maxAge: maxAgeMs }),
  });
}

export function clearSessionCookie(response: Response): void {
  response.clearCookie(SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax' });
}
