import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

/** An episode of a season; a film is the one episode of its one season. */
@Entity({ name: 'episode' })
export class Episode {
  @PrimaryGeneratedColumn()
  id: number;

  /** The season's title, kept here too (the database makes the two agree). */
  @Column({ name: 'title_id' })
  titleId: number;

  @Column({ name: 'season_id' })
  seasonId: number;

  /** Unique within the season, from 1. */
  @Column({ type: 'smallint' })
  number: number;

  @Column()
  name: string;

  /** Publication time; an episode with a future air time is not out yet and lists should skip it. */
  @Column({ name: 'air_at', type: 'timestamptz' })
  airAt: Date;

  @Column({ name: 'duration_seconds' })
  durationSeconds: number;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
