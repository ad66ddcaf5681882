import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

/** A video ad played before the player, in `position` order (the seed's front video ad). */
@Entity({ name: 'pre_roll_ad' })
export class PreRollAd {
  @PrimaryGeneratedColumn()
  id: number;

  /** Unique key; the catalog import upserts by it. */
  @Column()
  key: string;

  @Column({ type: 'smallint' })
  position: number;

  /** Where a click on the ad leads (`link`). */
  @Column()
  link: string;

  /** Seconds before the skip button is enabled (`time`). */
  @Column({ name: 'skip_after_seconds', type: 'smallint' })
  skipAfterSeconds: number;

  /** The ad's MP4 (`video`). */
  @Column({ name: 'video_url' })
  videoUrl: string;

  /** Cover with the play button (`image`). */
  @Column({ name: 'image_url', type: 'text', nullable: true })
  imageUrl: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
