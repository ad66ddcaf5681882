import { HttpStatus, Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { ACCOUNT_MESSAGES } from '@seyirlik/shared-contracts';
import { PinoLogger } from 'nestjs-pino';
import type { AppConfig } from '../platform/config/config';
import { APP_CONFIG } from '../platform/config/config.tokens';
import { AppException } from '../platform/http/app-exception';

/** Actions the client names when it asks for a token (§7: login, register and login; and contact for the contact form). */
export type BotCheckAction = 'login' | 'register' | 'contact';

const MINIMUM_SCORE = 0.5;

/**
 * The bot check before login, register, forgot-password and contact: reCAPTCHA-compatible
 * verification when RECAPTCHA_SECRET is set, switched off (and said so once at start) otherwise.
 */
@Injectable()
export class BotCheckService implements OnModuleInit {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly logger: PinoLogger,
  ) {}

  onModuleInit(): void {
    if (!this.config.recaptcha) this.logger.info('bot check is off (RECAPTCHA_SECRET is not set)');
  }

  get siteKey(): string | null {
    return this.config.recaptcha?.siteKey ?? null;
  }

  async verify(token: string | undefined, action: BotCheckAction, ip: string): Promise<void> {
    const recaptcha = this.config.recaptcha;
    if (!recaptcha) return;
    if (!token) throw new AppException(HttpStatus.BAD_REQUEST, ACCOUNT_MESSAGES.botCheckFailed);
    let verdict: { success?: boolean; score?: number; action?: string };
    try {
      const response = await fetch(recaptcha.verifyUrl, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ secret: recaptcha.secret, response: token, remoteip: ip }),
        signal: AbortSignal.timeout(5000),
      });
      verdict = (await response.json()) as typeof verdict;
    } catch (error) {
      this.logger.warn({ err: (error as Error).message }, 'bot check service unreachable');
      throw new AppException(HttpStatus.SERVICE_UNAVAILABLE, ACCOUNT_MESSAGES.botCheckFailed);
    }
    const scoreOk = verdict.score === undefined || verdict.score >= MINIMUM_SCORE;
    const actionOk = verdict.action === undefined || verdict.action === action;
    if (!verdict.success || !scoreOk || !actionOk) {
      throw new AppException(HttpStatus.BAD_REQUEST, ACCOUNT_MESSAGES.botCheckFailed);
    }
  }
}
