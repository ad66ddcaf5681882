import { Column, Entity, PrimaryColumn } from 'typeorm';

/** An uploaded file as it was sent, waiting for its processing job. */
@Entity({ name: 'media_upload' })
export class MediaUpload {
  @PrimaryColumn({ type: 'uuid' })
  id: string;

  @Column({ name: 'owner_id' })
  ownerId: number;

  @Column({ type: 'bytea' })
  bytes: Buffer;

  @Column({ name: 'created_at', type: 'timestamptz', default: () => 'now()' })
  createdAt: Date;
}
