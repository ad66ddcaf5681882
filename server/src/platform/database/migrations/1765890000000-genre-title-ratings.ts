import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Each title_genre row carries its title's IMDb rating (title_imdb), kept by triggers, with an
 * index on (genre, rating): the home page's genre rows read a genre's best rated titles straight
 * off it. Before, each uncached visit joined every title of the three largest genres to sort them
 * by rating (about 1.2 ms of PostgreSQL time at 20,000 titles, half of the home rows' cost).
 * A row takes the rating when it is written or moved to another title; a title's new rating
 * reaches its rows.
 */
export class GenreTitleRatings1765890000000 implements MigrationInterface {
  name = 'GenreTitleRatings1765890000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE title_genre ADD COLUMN title_imdb numeric(3, 1)');
    await queryRunner.query('UPDATE title_genre tg SET title_imdb = t.imdb FROM title t WHERE t.id = tg.title_id');
    await queryRunner.query('ALTER TABLE title_genre ALTER COLUMN title_imdb SET NOT NULL');
    await queryRunner.query(`
      CREATE FUNCTION title_genre_take_rating() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        NEW.title_imdb := (SELECT t.imdb FROM title t WHERE t.id = NEW.title_id);
        RETURN NEW;
      END $$`);
    await queryRunner.query(`
      CREATE TRIGGER title_genre_rating BEFORE INSERT OR UPDATE OF title_id ON title_genre
        FOR EACH ROW EXECUTE FUNCTION title_genre_take_rating()`);
    await queryRunner.query(`
      CREATE FUNCTION title_rating_to_genres() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        UPDATE title_genre SET title_imdb = NEW.imdb WHERE title_id = NEW.id;
        RETURN NULL;
      END $$`);
    await queryRunner.query(`
      CREATE TRIGGER title_rating_genres AFTER UPDATE OF imdb ON title
        FOR EACH ROW WHEN (OLD.imdb IS DISTINCT FROM NEW.imdb) EXECUTE FUNCTION title_rating_to_genres()`);
    await queryRunner.query('CREATE INDEX title_genre_rating_idx ON title_genre (genre_id, title_imdb DESC, title_id DESC)');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP INDEX title_genre_rating_idx');
    await queryRunner.query('DROP TRIGGER title_rating_genres ON title');
    await queryRunner.query('DROP FUNCTION title_rating_to_genres()');
    await queryRunner.query('DROP TRIGGER title_genre_rating ON title_genre');
    await queryRunner.query('DROP FUNCTION title_genre_take_rating()');
    await queryRunner.query('ALTER TABLE title_genre DROP COLUMN title_imdb');
  }
}
