import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { PinoLogger } from 'nestjs-pino';
import { createTransport, type Transporter } from 'nodemailer';
import { DataSource, type EntityManager, IsNull, Repository } from 'typeorm';
import type { AppConfig } from '../platform/config/config';
import { APP_CONFIG } from '../platform/config/config.tokens';
import { JOB_QUEUE, type JobQueue } from '../platform/jobs/job-queue';
import { MailOutbox } from './mail-outbox.entity';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

declare module '../platform/jobs/job-queue' {
  interface JobMap {
    /** Delivers the mail_outbox row `outboxId` (idempotent: a sent mail is not sent again). */
    'mail.deliver': { outboxId: string };
  }
}

/**
 * Mail is written to the mail outbox in the request, with its delivery job (both in PostgreSQL,
 * so the request never waits on Redis), then delivered by the job: through SMTP when SMTP_URL is
 * set, otherwise it stays in the outbox and the log says where to read it.
 */
@Injectable()
export class MailService implements OnModuleInit {
  private transport: Transporter | null = null;

  constructor(
    @InjectRepository(MailOutbox) private readonly outbox: Repository<MailOutbox>,
    @Inject(JOB_QUEUE) private readonly jobs: JobQueue,
    private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly logger: PinoLogger,
  ) {}

  onModuleInit(): void {
    this.jobs.define('mail.deliver', { process: ({ outboxId }) => this.deliver(outboxId) });
  }

  /**
   * Queues the mail in `manager`'s transaction when given one (it is sent only if that commits),
   * else in its own; answers its mail_outbox id.
   */
  async send(mail: Mail, manager?: EntityManager): Promise<string> {
    const write = async (transaction: EntityManager): Promise<string> => {
      const { identifiers } = await transaction.insert(MailOutbox, {
        recipient: mail.to,
        subject: mail.subject,
        textBody: mail.text,
        htmlBody: mail.html,
      });
      const outboxId = String(identifiers[0]!.id);
      await this.jobs.enqueue('mail.deliver', { outboxId }, { jobId: `mail-${outboxId}`, manager: transaction });
      return outboxId;
    };
    return manager ? write(manager) : this.dataSource.transaction(write);
  }

  /** Idempotent: a mail already sent is not sent again. */
  private async deliver(outboxId: string): Promise<void> {
    const mail = await this.outbox.findOne({ where: { id: outboxId, sentAt: IsNull() } });
    if (!mail) return;
    if (!this.config.smtpUrl) {
      this.logger.info({ outboxId, to: mail.recipient, subject: mail.subject, text: mail.textBody }, 'mail kept in the outbox (SMTP_URL is not set)');
      return;
    }
    this.transport ??= createTransport(this.config.smtpUrl);
    await this.transport.sendMail({ from: this.config.mailFrom, to: mail.recipient, subject: mail.subject, text: mail.textBody, html: mail.htmlBody });
    await this.outbox.update({ id: outboxId }, { sentAt: new Date() });
  }
}
