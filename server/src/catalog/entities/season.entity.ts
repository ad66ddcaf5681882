import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

/** A season of a title; a film has exactly one. */
@Entity({ name: 'season' })
export class Season {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ name: 'title_id' })
  titleId: number;

  /** Unique within the title, from 1. */
  @Column({ type: 'smallint' })
  number: number;

  /** Shown instead of "N. Sezon" when set. */
  @Column({ type: 'text', nullable: true })
  name: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
