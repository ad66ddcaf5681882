import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

/** Alternatives of an episode bundled under a hash, which legacy clients send to /get/video/group. */
@Entity({ name: 'video_group' })
export class VideoGroup {
  @PrimaryGeneratedColumn()
  id: number;

  /** Unique across the catalog: the group's address. */
  @Column()
  hash: string;

  @Column({ name: 'episode_id' })
  episodeId: number;

  /** Order among the episode's groups, from 0. */
  @Column({ type: 'smallint' })
  position: number;

  @Column()
  name: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
