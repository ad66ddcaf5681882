import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { PinoLogger } from 'nestjs-pino';
import { createTransport, type Transporter } from 'nodemailer';
import { IsNull, Repository } from 'typeorm';
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

const DELIVER_JOB = 'mail.deliver';

/**
 * Mail is written to the outbox in the request, then delivered by a job: through SMTP when
 * SMTP_URL is set, otherwise it stays in the outbox and the log says where to read it.
 */
@Injectable()
export class MailService implements OnModuleInit {
  private transport: Transporter | null = null;

  constructor(
    @InjectRepository(MailOutbox) private readonly outbox: Repository<MailOutbox>,
    @Inject(JOB_QUEUE) private readonly jobs: JobQueue,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly logger: PinoLogger,
  ) {}

  onModuleInit(): void {
    this.jobs.define<{ outboxId: string }>(DELIVER_JOB, { process: ({ outboxId }) => this.deliver(outboxId) });
  }

  async send(mail: Mail): Promise<void> {
    const { identifiers } = await this.outbox.insert({
      recipient: mail.to,
      subject: mail.subject,
      textBody: mail.text,
      htmlBody: mail.html,
    });
    const outboxId = String(identifiers[0]!.id);
    await this.jobs.enqueue(DELIVER_JOB, { outboxId }, { jobId: `mail-${outboxId}` });
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
