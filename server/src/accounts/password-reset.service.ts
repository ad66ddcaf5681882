import { Inject, Injectable, HttpStatus } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import {
  ACCOUNT_MESSAGES as M,
  ACCOUNT_RULES,
  type forgotPasswordSchema,
  type resetPasswordSchema,
} from '@seyirlik/shared-contracts';
import { DataSource, IsNull, MoreThan, Repository } from 'typeorm';
import type { z } from 'zod';
import { MailService } from '../mail';
import type { AppConfig } from '../platform/config/config';
import { APP_CONFIG } from '../platform/config/config.tokens';
import { AppException } from '../platform/http/app-exception';
import { escapeHtml } from '../platform/http/html-text';
import { RateLimitService } from '../platform/rate-limit/rate-limit.service';
import { BotCheckService } from './bot-check.service';
import { PasswordReset } from './entities/password-reset.entity';
import { User } from './entities/user.entity';
import { PasswordHasher } from './password-hasher';
import { SessionsService, type SessionMeta } from './sessions.service';
import { hashToken, newToken } from './tokens';

/** Per IP and per address; the change form is limited per IP so it cannot be used to burn argon2id time. */
const RESET_LIMITS = {
  perIp: { points: 10, windowSeconds: 60 * 60 },
  perAddress: { points: 3, windowSeconds: 60 * 60 },
  changePerIp: { points: 20, windowSeconds: 15 * 60 },
} as const;

@Injectable()
export class PasswordResetService {
  constructor(
    @InjectRepository(User) private readonly users: Repository<User>,
    @InjectRepository(PasswordReset) private readonly resets: Repository<PasswordReset>,
    private readonly dataSource: DataSource,
    private readonly mail: MailService,
    private readonly hasher: PasswordHasher,
    private readonly sessions: SessionsService,
    private readonly botCheck: BotCheckService,
    private readonly rateLimits: RateLimitService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /**
   * Mails a single-use link when the address belongs to a member. The reply is the same either
   * way, so the form does not tell who is a member. `siteOrigin` is used only without PUBLIC_URL.
   */
  async request(input: z.output<typeof forgotPasswordSchema>, meta: SessionMeta, siteOrigin: string): Promise<string> {
    const email = input.email.toLowerCase();
    await this.rateLimits.enforce('forgot-ip', RESET_LIMITS.perIp, meta.ip);
    await this.rateLimits.enforce('forgot-address', RESET_LIMITS.perAddress, email);
    await this.botCheck.verify(input.recaptcha_response_field, 'login', meta.ip);
    const user = await this.users.findOne({ where: { email } });
    if (user) {
      const { token, hash } = newToken();
      const link = `${this.config.publicOrigin ?? siteOrigin}/sifre-sifirla?token=${token}`;
      // The link and its mail commit together; the mail job waits in PostgreSQL, never on Redis.
      await this.dataSource.transaction(async (manager) => {
        await manager.insert(PasswordReset, {
          userId: user.id,
          tokenHash: hash,
          expiresAt: new Date(Date.now() + ACCOUNT_RULES.passwordResetValidMinutes * 60_000),
        });
        await this.mail.send(
          {
            to: user.email,
            subject: 'Seyirlik şifre sıfırlama',
            text:
              `Merhaba ${user.profileName},\n\nŞifrenizi sıfırlamak için bu bağlantıyı açın (60 dakika geçerlidir):\n${link}\n\n` +
              'Bu isteği siz yapmadıysanız bu e-postayı dikkate almayın.\n',
            html:
              `<p>Merhaba ${escapeHtml(user.profileName)},</p><p>Şifrenizi sıfırlamak için <a href="${escapeHtml(link)}">bu bağlantıyı</a> açın ` +
              '(60 dakika geçerlidir).</p><p>Bu isteği siz yapmadıysanız bu e-postayı dikkate almayın.</p>',
          },
          manager,
        );
      });
    }
    return M.forgotPasswordSent;
  }

  /**
   * Uses the token once, sets the password and ends every session of the member. The token is
   * looked up before the new password is hashed, so an unknown, used or expired one costs one
   * indexed read, not an argon2id run.
   */
  async reset(input: z.output<typeof resetPasswordSchema>, meta: SessionMeta): Promise<string> {
    await this.rateLimits.enforce('reset-change-ip', RESET_LIMITS.changePerIp, meta.ip);
    const tokenHash = hashToken(input.token);
    const usable = { tokenHash, usedAt: IsNull(), expiresAt: MoreThan(new Date()) };
    if (!(await this.resets.exists({ where: usable }))) throw new AppException(HttpStatus.BAD_REQUEST, M.resetTokenInvalid);
    const passwordHash = await this.hasher.hash(input.password);
    // Taken again inside the transaction: two requests with the same token race for one use.
    const userId = await this.dataSource.transaction(async (manager) => {
      const used = await manager.update(PasswordReset, usable, { usedAt: new Date() });
      if (!used.affected) return null;
      const reset = await manager.findOneOrFail(PasswordReset, { where: { tokenHash } });
      await manager.update(User, { id: reset.userId }, { passwordHash });
      // Any other link mailed earlier dies with this one.
      await manager.update(PasswordReset, { userId: reset.userId, usedAt: IsNull() }, { usedAt: new Date() });
      return reset.userId;
    });
    if (userId === null) throw new AppException(HttpStatus.BAD_REQUEST, M.resetTokenInvalid);
    await this.sessions.endAllOf(userId, 'password-reset');
    return M.passwordChanged;
  }
}
