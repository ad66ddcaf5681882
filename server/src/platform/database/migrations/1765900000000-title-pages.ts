import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Each title's page as the JSON API answers it, stored (catalog/title-pages.ts): a title page no
 * one asked lately is then one primary-key read instead of the title, its genres, channel,
 * trailers, seasons and every episode put together again.
 *
 * A page is made by the server and is kept only while it is the catalog's: every write to what a
 * page shows (the title's own columns, its genres, channel, trailers, seasons and episodes, a
 * genre's or a channel's name) moves the affected titles' `version` on and clears their `body`, in
 * the writer's own statement, by the statement triggers below, whoever the writer is (the import,
 * a cascade, plain SQL). A page is stored only under the version it was read at (see TitlePages),
 * so a page read before a write is never stored after it.
 */
export class TitlePages1765900000000 implements MigrationInterface {
  name = 'TitlePages1765900000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE title_page (
        title_id integer PRIMARY KEY REFERENCES title(id) ON DELETE CASCADE,
        version bigint NOT NULL DEFAULT 1,
        format text,
        body text,
        etag text,
        CHECK ((body IS NULL) = (format IS NULL) AND (body IS NULL) = (etag IS NULL))
      )`);
    await queryRunner.query('INSERT INTO title_page (title_id) SELECT id FROM title');

    // A title's own columns that its page shows (not its search text, rating counts or times).
    await queryRunner.query(`
      CREATE FUNCTION title_page_of_title() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'INSERT' THEN
          INSERT INTO title_page (title_id) SELECT id FROM added ON CONFLICT DO NOTHING;
        ELSE
          UPDATE title_page p SET version = p.version + 1, body = NULL, format = NULL, etag = NULL
            FROM added a JOIN removed r ON r.id = a.id
           WHERE p.title_id = a.id
             AND (a.slug, a.kind, a.name, a.original_name, a.year, a.imdb, a.channel_id, a.adult, a.description, a.release_at, a.poster_url, a.backdrop_url)
                 IS DISTINCT FROM
                 (r.slug, r.kind, r.name, r.original_name, r.year, r.imdb, r.channel_id, r.adult, r.description, r.release_at, r.poster_url, r.backdrop_url);
        END IF;
        RETURN NULL;
      END $$`);
    await queryRunner.query(`
      CREATE TRIGGER title_page_title_insert AFTER INSERT ON title
        REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION title_page_of_title()`);
    await queryRunner.query(`
      CREATE TRIGGER title_page_title_update AFTER UPDATE ON title
        REFERENCING OLD TABLE AS removed NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION title_page_of_title()`);

    // Rows that name their title: its genres, trailers, seasons and episodes.
    await queryRunner.query(`
      CREATE FUNCTION title_page_of_part() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP IN ('INSERT', 'UPDATE') THEN
          UPDATE title_page p SET version = p.version + 1, body = NULL, format = NULL, etag = NULL
            FROM (SELECT DISTINCT title_id FROM added) c WHERE p.title_id = c.title_id;
        END IF;
        IF TG_OP IN ('DELETE', 'UPDATE') THEN
          UPDATE title_page p SET version = p.version + 1, body = NULL, format = NULL, etag = NULL
            FROM (SELECT DISTINCT title_id FROM removed) c WHERE p.title_id = c.title_id;
        END IF;
        RETURN NULL;
      END $$`);
    for (const table of ['title_genre', 'trailer', 'season', 'episode']) {
      await queryRunner.query(`
        CREATE TRIGGER title_page_${table}_insert AFTER INSERT ON ${table}
          REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION title_page_of_part()`);
      await queryRunner.query(`
        CREATE TRIGGER title_page_${table}_delete AFTER DELETE ON ${table}
          REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION title_page_of_part()`);
      await queryRunner.query(`
        CREATE TRIGGER title_page_${table}_update AFTER UPDATE ON ${table}
          REFERENCING OLD TABLE AS removed NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION title_page_of_part()`);
    }

    // A genre's or a channel's slug and name, shown on the pages of their titles.
    await queryRunner.query(`
      CREATE FUNCTION title_page_of_genre() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        UPDATE title_page p SET version = p.version + 1, body = NULL, format = NULL, etag = NULL
          FROM (SELECT DISTINCT tg.title_id
                  FROM added a JOIN removed r ON r.id = a.id JOIN title_genre tg ON tg.genre_id = a.id
                 WHERE (a.slug, a.name) IS DISTINCT FROM (r.slug, r.name)) c
         WHERE p.title_id = c.title_id;
        RETURN NULL;
      END $$`);
    await queryRunner.query(`
      CREATE TRIGGER title_page_genre_update AFTER UPDATE ON genre
        REFERENCING OLD TABLE AS removed NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION title_page_of_genre()`);
    await queryRunner.query(`
      CREATE FUNCTION title_page_of_channel() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        UPDATE title_page p SET version = p.version + 1, body = NULL, format = NULL, etag = NULL
          FROM (SELECT t.id AS title_id
                  FROM added a JOIN removed r ON r.id = a.id JOIN title t ON t.channel_id = a.id
                 WHERE (a.slug, a.name) IS DISTINCT FROM (r.slug, r.name)) c
         WHERE p.title_id = c.title_id;
        RETURN NULL;
      END $$`);
    await queryRunner.query(`
      CREATE TRIGGER title_page_channel_update AFTER UPDATE ON channel
        REFERENCING OLD TABLE AS removed NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION title_page_of_channel()`);

    // Emptied parts (a TRUNCATE fires no row trigger): every page.
    await queryRunner.query(`
      CREATE FUNCTION title_page_of_all() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        UPDATE title_page SET version = version + 1, body = NULL, format = NULL, etag = NULL;
        RETURN NULL;
      END $$`);
    for (const table of ['title_genre', 'trailer', 'season', 'episode', 'genre', 'channel']) {
      await queryRunner.query(`
        CREATE TRIGGER title_page_${table}_truncate AFTER TRUNCATE ON ${table}
          FOR EACH STATEMENT EXECUTE FUNCTION title_page_of_all()`);
    }
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const table of ['title_genre', 'trailer', 'season', 'episode', 'genre', 'channel']) {
      await queryRunner.query(`DROP TRIGGER title_page_${table}_truncate ON ${table}`);
    }
    await queryRunner.query('DROP FUNCTION title_page_of_all()');
    await queryRunner.query('DROP TRIGGER title_page_channel_update ON channel');
    await queryRunner.query('DROP FUNCTION title_page_of_channel()');
    await queryRunner.query('DROP TRIGGER title_page_genre_update ON genre');
    await queryRunner.query('DROP FUNCTION title_page_of_genre()');
    for (const table of ['title_genre', 'trailer', 'season', 'episode']) {
      await queryRunner.query(`DROP TRIGGER title_page_${table}_update ON ${table}`);
      await queryRunner.query(`DROP TRIGGER title_page_${table}_delete ON ${table}`);
      await queryRunner.query(`DROP TRIGGER title_page_${table}_insert ON ${table}`);
    }
    await queryRunner.query('DROP FUNCTION title_page_of_part()');
    await queryRunner.query('DROP TRIGGER title_page_title_update ON title');
    await queryRunner.query('DROP TRIGGER title_page_title_insert ON title');
    await queryRunner.query('DROP FUNCTION title_page_of_title()');
    await queryRunner.query('DROP TABLE title_page');
  }
}
