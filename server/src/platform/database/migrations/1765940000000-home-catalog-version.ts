import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The home page's rows made of the catalog alone (the genre rows, the channels with titles, the
 * newest films) change only when the catalog does, and each server process keeps the last it
 * read (HomeService). `home_catalog.version` moves on with every statement that writes what they
 * show, whoever writes it, in the writer's transaction: the home statement reads the version in
 * the same snapshot as the rows, and reads the rows again only when the version is not the one
 * the process holds them for.
 *
 * What they show: a title's card columns, its kind, year, rating and channel, and whether it is
 * there at all; its genres (title_genre, whose rating and counts triggers keep); a genre's or a
 * channel's slug and name.
 */
export class HomeCatalogVersion1765940000000 implements MigrationInterface {
  name = 'HomeCatalogVersion1765940000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE home_catalog (
        single boolean PRIMARY KEY DEFAULT true CHECK (single),
        version bigint NOT NULL DEFAULT 1
      )`);
    await queryRunner.query('INSERT INTO home_catalog DEFAULT VALUES');
    await queryRunner.query(`
      CREATE FUNCTION home_catalog_changed() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        UPDATE home_catalog SET version = version + 1;
        RETURN NULL;
      END $$`);
    await queryRunner.query(`
      CREATE TRIGGER home_catalog_title_update AFTER UPDATE OF slug, kind, name, original_name, year, imdb, channel_id, adult, poster_url ON title
        FOR EACH STATEMENT EXECUTE FUNCTION home_catalog_changed()`);
    await queryRunner.query(`
      CREATE TRIGGER home_catalog_genre_update AFTER UPDATE OF slug, name ON genre
        FOR EACH STATEMENT EXECUTE FUNCTION home_catalog_changed()`);
    await queryRunner.query(`
      CREATE TRIGGER home_catalog_channel_update AFTER UPDATE OF slug, name ON channel
        FOR EACH STATEMENT EXECUTE FUNCTION home_catalog_changed()`);
    for (const table of ['title', 'title_genre', 'genre', 'channel']) {
      await queryRunner.query(`
        CREATE TRIGGER home_catalog_${table}_write AFTER INSERT OR DELETE OR TRUNCATE ON ${table}
          FOR EACH STATEMENT EXECUTE FUNCTION home_catalog_changed()`);
    }
    await queryRunner.query(`
      CREATE TRIGGER home_catalog_title_genre_update AFTER UPDATE ON title_genre
        FOR EACH STATEMENT EXECUTE FUNCTION home_catalog_changed()`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TRIGGER home_catalog_title_genre_update ON title_genre');
    for (const table of ['title', 'title_genre', 'genre', 'channel']) {
      await queryRunner.query(`DROP TRIGGER home_catalog_${table}_write ON ${table}`);
    }
    await queryRunner.query('DROP TRIGGER home_catalog_channel_update ON channel');
    await queryRunner.query('DROP TRIGGER home_catalog_genre_update ON genre');
    await queryRunner.query('DROP TRIGGER home_catalog_title_update ON title');
    await queryRunner.query('DROP FUNCTION home_catalog_changed()');
    await queryRunner.query('DROP TABLE home_catalog');
  }
}
