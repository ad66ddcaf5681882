import { Entity, PrimaryColumn } from 'typeorm';

/** A title's genre; the pair is the key. */
@Entity({ name: 'title_genre' })
export class TitleGenre {
  @PrimaryColumn({ name: 'title_id' })
  titleId: number;

  @PrimaryColumn({ name: 'genre_id' })
  genreId: number;
}
