import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** A login: only the SHA-256 of its cookie token is kept. */
@Entity({ name: 'user_session' })
export class UserSession {
  @PrimaryGeneratedColumn({ type: 'bigint' })
  id: string;

  @Column({ name: 'user_id' })
  userId: number;

  @Column({ name: 'token_hash', type: 'bytea' })
  tokenHash: Buffer;

  @Column()
  remember: boolean;

  @Column({ name: 'created_at', type: 'timestamptz', default: () => 'now()' })
  createdAt: Date;

  @Column({ name: 'last_seen_at', type: 'timestamptz', default: () => 'now()' })
  lastSeenAt: Date;

  @Column({ name: 'expires_at', type: 'timestamptz' })
  expiresAt: Date;

  @Column({ name: 'user_agent' })
  userAgent: string;

  @Column()
  ip: string;
}
