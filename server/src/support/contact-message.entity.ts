import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** A message of the contact form, stored as typed; its mail to the operator is `mailOutboxId`. */
@Entity({ name: 'contact_message' })
export class ContactMessageRow {
  @PrimaryGeneratedColumn()
  id: number;

  /** The member who sent it, when logged in. */
  @Column({ name: 'user_id', type: 'integer', nullable: true })
  userId: number | null;

  @Column()
  name: string;

  @Column()
  email: string;

  @Column()
  subject: string;

  @Column()
  message: string;

  @Column({ name: 'mail_outbox_id', type: 'bigint', nullable: true })
  mailOutboxId: string | null;

  @Column({ name: 'created_at', type: 'timestamptz', default: () => 'now()' })
  createdAt: Date;
}
