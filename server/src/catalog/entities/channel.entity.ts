import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

/** The TV channel or platform a title is broadcast on. */
@Entity({ name: 'channel' })
export class Channel {
  @PrimaryGeneratedColumn()
  id: number;

  /** Unique key; the catalog import upserts by it. */
  @Column()
  slug: string;

  @Column()
  name: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
