import { Inject, Injectable } from '@nestjs/common';
import type { HttpReply, HttpRequest } from '../platform/http/http-types';
import type { AppConfig } from '../platform/config/config';
import { APP_CONFIG } from '../platform/config/config.tokens';
import { setSessionCookie } from './viewer';

/** Sets the session cookie, Secure whenever the site is reached over TLS. */
@Injectable()
export class AccountCookies {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  set(request: HttpRequest, response: HttpReply, token: string, maxAgeMs: number | null): void {
    setSessionCookie(request, response, token, maxAgeMs, this.config.publicOrigin?.startsWith('https:') ?? false);
  }
}
