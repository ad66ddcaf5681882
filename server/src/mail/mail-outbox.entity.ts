import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** Every mail the site sends; without SMTP it stays here for the operator to read. */
@Entity({ name: 'mail_outbox' })
export class MailOutbox {
  @PrimaryGeneratedColumn({ type: 'bigint' })
  id: string;

  @Column()
  recipient: string;

  @Column()
  subject: string;

  @Column({ name: 'text_body' })
  textBody: string;

  @Column({ name: 'html_body' })
  htmlBody: string;

  @Column({ name: 'created_at', type: 'timestamptz', default: () => 'now()' })
  createdAt: Date;

  @Column({ name: 'sent_at', type: 'timestamptz', nullable: true })
  sentAt: Date | null;
}
