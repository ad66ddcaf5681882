import { Column, Entity, PrimaryColumn } from 'typeorm';

/** An image the site serves (re-encoded by us, never as uploaded), kept in PostgreSQL so every process can serve it. */
@Entity({ name: 'media_file' })
export class MediaFile {
  @PrimaryColumn({ type: 'uuid' })
  id: string;

  @Column({ name: 'owner_id', type: 'integer', nullable: true })
  ownerId: number | null;

  @Column({ name: 'content_type' })
  contentType: string;

  @Column({ type: 'bytea' })
  bytes: Buffer;

  @Column({ name: 'created_at', type: 'timestamptz', default: () => 'now()' })
  createdAt: Date;
}
