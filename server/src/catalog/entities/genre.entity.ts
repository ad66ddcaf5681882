import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

/** A genre (Dram, Komedi); titles link to it through title_genre. */
@Entity({ name: 'genre' })
export class Genre {
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
