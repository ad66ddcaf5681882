import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

/** A trailer of a title; its number (from 1) is the tab of the trailer modal. */
@Entity({ name: 'trailer' })
export class Trailer {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ name: 'title_id' })
  titleId: number;

  /** Unique within the title. */
  @Column({ type: 'smallint' })
  number: number;

  @Column()
  url: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
