import type { TitleKind } from '@seyirlik/shared-contracts';
import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

/** numeric arrives from the driver as a string, to keep its precision; a rating fits a number. */
const ratingTransformer = {
  to: (value: number) => value,
  from: (value: string) => Number(value),
};

/** A series, anime or film. */
@Entity({ name: 'title' })
export class Title {
  @PrimaryGeneratedColumn()
  id: number;

  /** Unique key and address; the catalog import upserts by it. */
  @Column()
  slug: string;

  @Column({ type: 'text' })
  kind: TitleKind;

  /** Turkish name. */
  @Column()
  name: string;

  @Column({ name: 'original_name' })
  originalName: string;

  @Column({ type: 'smallint' })
  year: number;

  /** IMDb rating, 0–10 with one decimal. */
  @Column({ type: 'numeric', precision: 3, scale: 1, transformer: ratingTransformer })
  imdb: number;

  @Column({ name: 'channel_id', type: 'integer', nullable: true })
  channelId: number | null;

  @Column()
  description: string;

  /** Shown only behind the age gate. */
  @Column()
  adult: boolean;

  /** The next episode's or the premiere's time, which the title page counts down to. */
  @Column({ name: 'release_at', type: 'timestamptz', nullable: true })
  releaseAt: Date | null;

  /** Null: the generated poster (`posterUrl` in catalog.paths). */
  @Column({ name: 'poster_url', type: 'text', nullable: true })
  posterUrl: string | null;

  @Column({ name: 'backdrop_url', type: 'text', nullable: true })
  backdropUrl: string | null;

  /**
   * foldForSearch(name + ' ' + originalName), trigram-indexed: search with the query folded by
   * the same function (`search_text LIKE '%' || $folded || '%'`, or `%` for similarity).
   */
  @Column({ name: 'search_text' })
  searchText: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
