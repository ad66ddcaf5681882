import { Entity, PrimaryColumn } from 'typeorm';

/** A title's genre; the pair is the key. Its title_imdb column (the title's rating, for the genre rows) is kept by triggers, not written here. */
@Entity({ name: 'title_genre' })
export class TitleGenre {
  @PrimaryColumn({ name: 'title_id' })
  titleId: number;

  @PrimaryColumn({ name: 'genre_id' })
  genreId: number;
}
