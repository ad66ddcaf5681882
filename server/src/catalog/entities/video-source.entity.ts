import type { SourceKind } from '@seyirlik/shared-contracts';
import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

/**
 * One way to play an episode: owned by the episode directly or by one of its video groups
 * (exactly one of `episodeId` and `groupId` is set).
 */
@Entity({ name: 'video_source' })
export class VideoSource {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ name: 'episode_id', type: 'integer', nullable: true })
  episodeId: number | null;

  @Column({ name: 'group_id', type: 'integer', nullable: true })
  groupId: number | null;

  /** Order within its owner, from 0; unique per owner. */
  @Column({ type: 'smallint' })
  position: number;

  /** Tab label. */
  @Column()
  name: string;

  @Column({ type: 'text' })
  kind: SourceKind;

  /** MP4 file, HLS playlist or embed page. Never hand it to a visitor when `locked`. */
  @Column()
  link: string;

  /** Quality levels offered, best first (`['1080p', '720p']`): the player's quality menu. */
  @Column({ type: 'text', array: true })
  tiers: string[];

  /**
   * Kept for members (`lock` in the seed's fields): the link and the download go to logged-in
   * members only; a visitor gets the login flow instead.
   */
  @Column()
  locked: boolean;

  /** The player offers the MP4 for download (`download` in the seed's fields). */
  @Column()
  downloadable: boolean;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
