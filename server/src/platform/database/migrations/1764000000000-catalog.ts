import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The catalog: titles (series, anime, films) with their genres, channel, trailers, seasons and
 * episodes; each episode's video sources, directly or in video groups addressed by a hash; and
 * the pre-roll ads. Sized for 20,000 titles and 1,000,000 episodes: every foreign key is indexed,
 * and so are the orderings the pages use (latest episodes by air time, titles by year and rating).
 */
export class Catalog1764000000000 implements MigrationInterface {
  name = 'Catalog1764000000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    // Trusted since PostgreSQL 13: a database owner may create it without being a superuser.
    await queryRunner.query('CREATE EXTENSION IF NOT EXISTS pg_trgm');
    await queryRunner.query(`
      CREATE TABLE genre (
        id serial PRIMARY KEY,
        slug text NOT NULL UNIQUE,
        name text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )
    `);
    await queryRunner.query(`
      CREATE TABLE channel (
        id serial PRIMARY KEY,
        slug text NOT NULL UNIQUE,
        name text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )
    `);
    await queryRunner.query(`
      CREATE TABLE title (
        id serial PRIMARY KEY,
        slug text NOT NULL UNIQUE,
        kind text NOT NULL CHECK (kind IN ('dizi', 'anime', 'film')),
        name text NOT NULL,
        original_name text NOT NULL,
        year smallint NOT NULL,
        imdb numeric(3, 1) NOT NULL CHECK (imdb BETWEEN 0 AND 10),
        channel_id integer REFERENCES channel (id) ON DELETE SET NULL,
        description text NOT NULL,
        adult boolean NOT NULL DEFAULT false,
        release_at timestamptz,
        poster_url text,
        backdrop_url text,
        search_text text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )
    `);
    // search_text is foldForSearch(name + ' ' + original_name), written by the application so the
    // query is folded by the very same function; trigrams make "contains" searches indexable.
    await queryRunner.query('CREATE INDEX title_search_idx ON title USING gin (search_text gin_trgm_ops)');
    await queryRunner.query('CREATE INDEX title_year_idx ON title (year DESC, id DESC)');
    await queryRunner.query('CREATE INDEX title_imdb_idx ON title (imdb DESC, id DESC)');
    await queryRunner.query('CREATE INDEX title_kind_year_idx ON title (kind, year DESC, id DESC)');
    await queryRunner.query('CREATE INDEX title_channel_idx ON title (channel_id)');
    await queryRunner.query('CREATE INDEX title_release_idx ON title (release_at) WHERE release_at IS NOT NULL');
    await queryRunner.query(`
      CREATE TABLE title_genre (
        title_id integer NOT NULL REFERENCES title (id) ON DELETE CASCADE,
        genre_id integer NOT NULL REFERENCES genre (id) ON DELETE CASCADE,
        PRIMARY KEY (title_id, genre_id)
      )
    `);
    await queryRunner.query('CREATE INDEX title_genre_genre_idx ON title_genre (genre_id, title_id)');
    await queryRunner.query(`
      CREATE TABLE trailer (
        id serial PRIMARY KEY,
        title_id integer NOT NULL REFERENCES title (id) ON DELETE CASCADE,
        number smallint NOT NULL CHECK (number >= 1),
        url text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (title_id, number)
      )
    `);
    await queryRunner.query(`
      CREATE TABLE season (
        id serial PRIMARY KEY,
        title_id integer NOT NULL REFERENCES title (id) ON DELETE CASCADE,
        number smallint NOT NULL CHECK (number >= 1),
        name text,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (title_id, number),
        UNIQUE (id, title_id)
      )
    `);
    // An episode carries its title as well as its season (for "episodes of this title" without a
    // join); the composite key makes the two agree.
    await queryRunner.query(`
      CREATE TABLE episode (
        id serial PRIMARY KEY,
        title_id integer NOT NULL,
        season_id integer NOT NULL,
        number smallint NOT NULL CHECK (number >= 1),
        name text NOT NULL,
        air_at timestamptz NOT NULL,
        duration_seconds integer NOT NULL CHECK (duration_seconds > 0),
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (season_id, number),
        FOREIGN KEY (season_id, title_id) REFERENCES season (id, title_id) ON DELETE CASCADE
      )
    `);
    await queryRunner.query('CREATE INDEX episode_air_idx ON episode (air_at DESC, id DESC)');
    await queryRunner.query('CREATE INDEX episode_title_air_idx ON episode (title_id, air_at DESC)');
    await queryRunner.query(`
      CREATE TABLE video_group (
        id serial PRIMARY KEY,
        hash text NOT NULL UNIQUE,
        episode_id integer NOT NULL REFERENCES episode (id) ON DELETE CASCADE,
        position smallint NOT NULL,
        name text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )
    `);
    await queryRunner.query('CREATE INDEX video_group_episode_idx ON video_group (episode_id, position)');
    await queryRunner.query(`
      CREATE TABLE video_source (
        id serial PRIMARY KEY,
        episode_id integer REFERENCES episode (id) ON DELETE CASCADE,
        group_id integer REFERENCES video_group (id) ON DELETE CASCADE,
        position smallint NOT NULL,
        name text NOT NULL,
        kind text NOT NULL CHECK (kind IN ('mp4', 'hls', 'embed')),
        link text NOT NULL,
        tiers text[] NOT NULL DEFAULT '{}',
        locked boolean NOT NULL DEFAULT false,
        downloadable boolean NOT NULL DEFAULT false,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CHECK (num_nonnulls(episode_id, group_id) = 1)
      )
    `);
    // One source per position of its owner; these also serve as the foreign key indexes.
    await queryRunner.query(
      'CREATE UNIQUE INDEX video_source_episode_key ON video_source (episode_id, position) WHERE episode_id IS NOT NULL',
    );
    await queryRunner.query(
      'CREATE UNIQUE INDEX video_source_group_key ON video_source (group_id, position) WHERE group_id IS NOT NULL',
    );
    await queryRunner.query(`
      CREATE TABLE pre_roll_ad (
        id serial PRIMARY KEY,
        key text NOT NULL UNIQUE,
        position smallint NOT NULL,
        link text NOT NULL,
        skip_after_seconds smallint NOT NULL CHECK (skip_after_seconds >= 0),
        video_url text NOT NULL,
        image_url text,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )
    `);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      'DROP TABLE pre_roll_ad, video_source, video_group, episode, season, trailer, title_genre, title, channel, genre',
    );
  }
}
