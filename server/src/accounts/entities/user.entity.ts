import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

@Entity({ name: 'app_user' })
export class User {
  @PrimaryGeneratedColumn()
  id: number;

  /** As the member typed it; unique without regard to case. */
  @Column()
  username: string;

  /** Lower-cased on write. */
  @Column()
  email: string;

  @Column({ name: 'password_hash' })
  passwordHash: string;

  @Column({ name: 'profile_name' })
  profileName: string;

  @Column()
  about: string;

  @Column()
  country: string;

  @Column({ type: 'text', nullable: true })
  facebook: string | null;

  @Column({ type: 'text', nullable: true })
  twitter: string | null;

  @Column({ type: 'text', nullable: true })
  instagram: string | null;

  @Column({ name: 'avatar_id', type: 'uuid', nullable: true })
  avatarId: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
