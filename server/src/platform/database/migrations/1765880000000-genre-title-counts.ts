import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Each genre's number of titles, kept by statement triggers on title_genre: the home page's genre
 * rows pick the genres with the most titles, and counting every title's genres on each uncached
 * visit cost PostgreSQL some 6 ms at 20,000 titles. Every writer keeps it right (the catalog
 * import, a title's deletion cascading, a TRUNCATE), one UPDATE of the genres per statement.
 */
export class GenreTitleCounts1765880000000 implements MigrationInterface {
  name = 'GenreTitleCounts1765880000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE genre ADD COLUMN title_count integer NOT NULL DEFAULT 0 CHECK (title_count >= 0)');
    await queryRunner.query(`
      UPDATE genre g SET title_count = c.n
        FROM (SELECT genre_id, count(*)::int AS n FROM title_genre GROUP BY genre_id) c
       WHERE c.genre_id = g.id`);
    // One function for the three row events; a trigger with transition tables takes one event.
    await queryRunner.query(`
      CREATE FUNCTION genre_title_count_change() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP IN ('INSERT', 'UPDATE') THEN
          UPDATE genre g SET title_count = g.title_count + c.n
            FROM (SELECT genre_id, count(*)::int AS n FROM added GROUP BY genre_id) c
           WHERE g.id = c.genre_id;
        END IF;
        IF TG_OP IN ('DELETE', 'UPDATE') THEN
          UPDATE genre g SET title_count = g.title_count - c.n
            FROM (SELECT genre_id, count(*)::int AS n FROM removed GROUP BY genre_id) c
           WHERE g.id = c.genre_id;
        END IF;
        RETURN NULL;
      END $$`);
    await queryRunner.query(`
      CREATE TRIGGER title_genre_count_insert AFTER INSERT ON title_genre
        REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION genre_title_count_change()`);
    await queryRunner.query(`
      CREATE TRIGGER title_genre_count_delete AFTER DELETE ON title_genre
        REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION genre_title_count_change()`);
    await queryRunner.query(`
      CREATE TRIGGER title_genre_count_update AFTER UPDATE ON title_genre
        REFERENCING OLD TABLE AS removed NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION genre_title_count_change()`);
    await queryRunner.query(`
      CREATE FUNCTION genre_title_count_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        UPDATE genre SET title_count = 0 WHERE title_count <> 0;
        RETURN NULL;
      END $$`);
    await queryRunner.query(`
      CREATE TRIGGER title_genre_count_truncate AFTER TRUNCATE ON title_genre
        FOR EACH STATEMENT EXECUTE FUNCTION genre_title_count_truncate()`);
    await queryRunner.query('CREATE INDEX genre_title_count_idx ON genre (title_count DESC, id)');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP INDEX genre_title_count_idx');
    await queryRunner.query('DROP TRIGGER title_genre_count_truncate ON title_genre');
    await queryRunner.query('DROP TRIGGER title_genre_count_update ON title_genre');
    await queryRunner.query('DROP TRIGGER title_genre_count_delete ON title_genre');
    await queryRunner.query('DROP TRIGGER title_genre_count_insert ON title_genre');
    await queryRunner.query('DROP FUNCTION genre_title_count_truncate()');
    await queryRunner.query('DROP FUNCTION genre_title_count_change()');
    await queryRunner.query('ALTER TABLE genre DROP COLUMN title_count');
  }
}
