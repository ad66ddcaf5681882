import { Inject, Injectable } from '@nestjs/common';
import { CONTACT_MESSAGES as M, CONTACT_RULES, type ContactMessage } from '@seyirlik/shared-contracts';
import { DataSource } from 'typeorm';
import { BotCheckService, type Viewer } from '../accounts';
import { MailService } from '../mail';
import type { AppConfig } from '../platform/config/config';
import { APP_CONFIG } from '../platform/config/config.tokens';
import { RateLimitService } from '../platform/rate-limit/rate-limit.service';
import { ContactMessageRow } from './contact-message.entity';
import { contactMail } from './theme/contact-mail';

/**
 * The contact form (seed §7 `/send/contact`): limited per address, bot-checked when configured,
 * stored with the mail to the operator (CONTACT_EMAIL) in one transaction; the mail job delivers it.
 */
@Injectable()
export class ContactService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly mail: MailService,
    private readonly botCheck: BotCheckService,
    private readonly rateLimits: RateLimitService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async send(contact: ContactMessage, viewer: Viewer | null, ip: string): Promise<string> {
    await this.rateLimits.enforce('contact-ip', CONTACT_RULES.rateLimit, ip);
    await this.botCheck.verify(contact.recaptcha_response_field, 'contact', ip);
    const mail = contactMail(contact, { username: viewer?.user.username ?? null });
    await this.dataSource.transaction(async (manager) => {
      const mailOutboxId = await this.mail.send({ to: this.config.contactEmail, ...mail }, manager);
      await manager.insert(ContactMessageRow, {
        userId: viewer?.user.id ?? null,
        name: contact.name,
        email: contact.email,
        subject: contact.subject,
        message: contact.message,
        mailOutboxId,
      });
    });
    return M.sent;
  }
}
