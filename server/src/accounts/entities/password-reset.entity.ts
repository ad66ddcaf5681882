import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** A single-use, expiring password reset; only the SHA-256 of its token is kept. */
@Entity({ name: 'password_reset' })
export class PasswordReset {
  @PrimaryGeneratedColumn({ type: 'bigint' })
  id: string;

  @Column({ name: 'user_id' })
  userId: number;

  @Column({ name: 'token_hash', type: 'bytea' })
  tokenHash: Buffer;

  @Column({ name: 'created_at', type: 'timestamptz', default: () => 'now()' })
  createdAt: Date;

  @Column({ name: 'expires_at', type: 'timestamptz' })
  expiresAt: Date;

  @Column({ name: 'used_at', type: 'timestamptz', nullable: true })
  usedAt: Date | null;
}
