import { Injectable, Optional } from '@nestjs/common';
import {
  CATALOG_IMPORT_LABELS,
  CATALOG_MESSAGES,
  type CatalogImport,
  checkCatalogImport,
  foldForSearch,
  type VideoSourceImport,
} from '@seyirlik/shared-contracts';
import { DataSource, type QueryRunner } from 'typeorm';
import { PublicReadCache } from '../../platform/http/read-cache/public-read-cache';
import { announcePublicReadsChanged } from '../../platform/http/read-cache/public-read-invalidation';
import { RequestFulfilment, type ImportedTitle } from '../../requests/fulfilment';
import { EpisodeReleases } from '../release/episode-releases';

/** A catalog file the shared schema refused; `errors` are its `path: reason` lines. */
export class CatalogFileInvalidError extends Error {
  constructor(readonly errors: string[]) {
    super(`${CATALOG_MESSAGES.fileRefused}\n${errors.join('\n')}`);
    this.name = 'CatalogFileInvalidError';
  }
}

export type CatalogRecordKind = keyof typeof CATALOG_IMPORT_LABELS;
export interface ImportCount {
  inserted: number;
  /** Rows whose values changed; a row the file repeats as it is is neither inserted nor updated. */
  updated: number;
  /** Rows of a list the file replaces (a title's genres and trailers, an owner's sources). */
  removed: number;
}
export type CatalogImportSummary = Record<CatalogRecordKind, ImportCount>;

/** One import at a time: two would deadlock on each other's rows. */
const IMPORT_LOCK_KEY = 738_215_002;
/** Rows per statement: bounds a statement's size when a file holds a million episodes. */
const BATCH_ROWS = 5000;

interface UpsertTable {
  table: string;
  /** Column → SQL type; the rows handed in use these names as keys. */
  columns: Record<string, string>;
  /** The unique key the upsert is decided by. */
  key: string[];
  /** The predicate of a partial unique index, when the key is one. */
  keyWhere?: string;
  /** Whether the upsert answers the ids of the rows it inserted (the table has an `id`). */
  insertedIds?: boolean;
}

const GENRE: UpsertTable = { table: 'genre', columns: { slug: 'text', name: 'text' }, key: ['slug'] };
const CHANNEL: UpsertTable = { table: 'channel', columns: { slug: 'text', name: 'text' }, key: ['slug'] };
const TITLE: UpsertTable = {
  table: 'title',
  columns: {
    slug: 'text',
    kind: 'text',
    name: 'text',
    original_name: 'text',
    year: 'smallint',
    imdb: 'numeric',
    channel_id: 'integer',
    description: 'text',
    adult: 'boolean',
    release_at: 'timestamptz',
    poster_url: 'text',
    backdrop_url: 'text',
    search_text: 'text',
  },
  key: ['slug'],
};
const TITLE_GENRE: UpsertTable = { table: 'title_genre', columns: { title_id: 'integer', genre_id: 'integer' }, key: ['title_id', 'genre_id'] };
const TRAILER: UpsertTable = {
  table: 'trailer',
  columns: { title_id: 'integer', number: 'smallint', url: 'text' },
  key: ['title_id', 'number'],
};
const SEASON: UpsertTable = {
  table: 'season',
  columns: { title_id: 'integer', number: 'smallint', name: 'text' },
  key: ['title_id', 'number'],
};
const EPISODE: UpsertTable = {
  table: 'episode',
  columns: {
    season_id: 'integer',
    number: 'smallint',
    title_id: 'integer',
    name: 'text',
    air_at: 'timestamptz',
    duration_seconds: 'integer',
  },
  key: ['season_id', 'number'],
  insertedIds: true,
};
const VIDEO_GROUP: UpsertTable = {
  table: 'video_group',
  columns: { hash: 'text', episode_id: 'integer', position: 'smallint', name: 'text' },
  key: ['hash'],
};
const SOURCE_COLUMNS = {
  position: 'smallint',
  name: 'text',
  kind: 'text',
  link: 'text',
  tiers: 'text[]',
  locked: 'boolean',
  downloadable: 'boolean',
};
const EPISODE_SOURCE: UpsertTable = {
  table: 'video_source',
  columns: { episode_id: 'integer', ...SOURCE_COLUMNS },
  key: ['episode_id', 'position'],
  keyWhere: 'episode_id IS NOT NULL',
};
const GROUP_SOURCE: UpsertTable = {
  table: 'video_source',
  columns: { group_id: 'integer', ...SOURCE_COLUMNS },
  key: ['group_id', 'position'],
  keyWhere: 'group_id IS NOT NULL',
};
const PRE_ROLL_AD: UpsertTable = {
  table: 'pre_roll_ad',
  columns: {
    key: 'text',
    position: 'smallint',
    link: 'text',
    skip_after_seconds: 'smallint',
    video_url: 'text',
    image_url: 'text',
  },
  key: ['key'],
};

/** Every table the import writes. */
const IMPORTED_TABLES = [
  ...new Set([GENRE, CHANNEL, TITLE, TITLE_GENRE, TRAILER, SEASON, EPISODE, VIDEO_GROUP, EPISODE_SOURCE, PRE_ROLL_AD].map(({ table }) => table)),
];

/**
 * Inserts the rows (one jsonb parameter) or updates the row with the same key, but only when a
 * value differs: a row repeated as it is keeps its updated_at, which makes a second import of the
 * same file a no-op. Changed rows come back flagged inserted (xmax = 0) or updated.
 */
function upsertStatement({ table, columns, key, keyWhere, insertedIds }: UpsertTable): string {
  const names = Object.keys(columns);
  const values = names.filter((name) => !key.includes(name));
  const conflict = `ON CONFLICT (${key.join(', ')})${keyWhere ? ` WHERE ${keyWhere}` : ''}`;
  const onConflict = values.length
    ? `${conflict} DO UPDATE SET ${values.map((name) => `${name} = EXCLUDED.${name}`).join(', ')}, updated_at = now()
       WHERE (${values.map((name) => `${table}.${name}`).join(', ')}) IS DISTINCT FROM (${values.map((name) => `EXCLUDED.${name}`).join(', ')})`
    : `${conflict} DO NOTHING`;
  return `INSERT INTO ${table} (${names.join(', ')})
    SELECT ${names.join(', ')} FROM jsonb_to_recordset($1::jsonb) AS r(${names.map((name) => `${name} ${columns[name]}`).join(', ')})
    ${onConflict}
    RETURNING (xmax = 0) AS inserted${insertedIds ? ', id' : ''}`;
}

/** Rows of a replaced list beyond what the file keeps: `kept` per owner. */
const REMOVE_EXTRA = {
  titleGenres: `DELETE FROM title_genre g USING jsonb_to_recordset($1::jsonb) AS r(title_id integer, kept integer[])
    WHERE g.title_id = r.title_id AND g.genre_id <> ALL (r.kept)`,
  trailers: `DELETE FROM trailer t USING jsonb_to_recordset($1::jsonb) AS r(title_id integer, kept integer)
    WHERE t.title_id = r.title_id AND t.number > r.kept`,
  episodeSources: `DELETE FROM video_source s USING jsonb_to_recordset($1::jsonb) AS r(owner_id integer, kept integer)
    WHERE s.episode_id = r.owner_id AND s.position >= r.kept`,
  groupSources: `DELETE FROM video_source s USING jsonb_to_recordset($1::jsonb) AS r(owner_id integer, kept integer)
    WHERE s.group_id = r.owner_id AND s.position >= r.kept`,
} as const;

function batches<T>(rows: T[]): T[][] {
  const result: T[][] = [];
  for (let start = 0; start < rows.length; start += BATCH_ROWS) result.push(rows.slice(start, start + BATCH_ROWS));
  return result;
}

function emptySummary(): CatalogImportSummary {
  const summary = {} as CatalogImportSummary;
  for (const kind of Object.keys(CATALOG_IMPORT_LABELS) as CatalogRecordKind[]) {
    summary[kind] = { inserted: 0, updated: 0, removed: 0 };
  }
  return summary;
}

/** Whether an import inserted, updated or removed any row. */
export function changedAnything(summary: CatalogImportSummary): boolean {
  return Object.values(summary).some((count) => count.inserted + count.updated + count.removed > 0);
}

function sourceRow(source: VideoSourceImport, position: number) {
  return {
    position,
    name: source.name,
    kind: source.kind,
    link: source.link,
    tiers: source.tiers,
    locked: source.lock,
    downloadable: source.download,
  };
}

/**
 * Imports a catalog file (the shared-contracts format) in one transaction. Every record is an
 * upsert by its natural key: genre and channel by slug, title by slug, season by (title, number),
 * episode by (season, number), video group by hash, ad by key. Importing the same file twice
 * changes nothing. Records the file does not mention are left alone (members' comments and
 * watched marks hang on titles and episodes), but the lists inside a record the file names are
 * the file's: a title's genres and trailers, an episode's and a group's sources.
 */
@Injectable()
export class CatalogImportService {
  private readonly releases = new EpisodeReleases();
  private readonly requests = new RequestFulfilment();

  /** `readCache` is this process's, when it serves HTTP; the CLI has none. */
  constructor(
    private readonly dataSource: DataSource,
    @Optional() private readonly readCache?: PublicReadCache,
  ) {}

  /**
   * Throws CatalogFileInvalidError (nothing written) when the shared schema refuses `input`.
   * An import that changed rows notifies every server process as it commits, and clears this
   * process's cache at once, so the next read anywhere shows the change (PublicReadInvalidation).
   * Then the catalog tables are analyzed: the planner chooses the trigram index for search and the
   * right joins only with statistics of the new size, and autovacuum would gather them only later.
   * The episodes it adds are scheduled for release, and those already aired are released in its
   * transaction (`episode.released`, see EpisodeReleases): members hear of each new episode once.
   * Open content requests for the titles it wrote become added in its transaction too
   * (`request.added`, see RequestFulfilment).
   */
  async import(input: unknown): Promise<CatalogImportSummary> {
    const checked = checkCatalogImport(input);
    if (!checked.success) throw new CatalogFileInvalidError(checked.errors);
    const summary = await this.dataSource.transaction(async (manager) => {
      const runner = manager.queryRunner!;
      await runner.query('SELECT pg_advisory_xact_lock($1)', [IMPORT_LOCK_KEY]);
      const write = new CatalogWrite(runner, this.releases);
      const written = await write.run(checked.data);
      await this.releases.releaseDue(manager);
      await this.requests.fulfil(manager, write.titles);
      if (changedAnything(written)) await announcePublicReadsChanged(runner);
      return written;
    });
    if (changedAnything(summary)) {
      this.readCache?.clear();
      await this.dataSource.query(`ANALYZE ${IMPORTED_TABLES.join(', ')}`);
    }
    return summary;
  }
}

/** One import's writes, in dependency order, counting what changed. */
class CatalogWrite {
  private readonly summary = emptySummary();
  /** The titles the file holds, with their ids, once `run` wrote them. */
  titles: ImportedTitle[] = [];

  constructor(
    private readonly runner: QueryRunner,
    private readonly releases: EpisodeReleases,
  ) {}

  async run(catalog: CatalogImport): Promise<CatalogImportSummary> {
    const genreIds = await this.upsertBySlug(GENRE, 'genres', catalog.genres);
    const channelIds = await this.upsertBySlug(CHANNEL, 'channels', catalog.channels);
    const titleIds = await this.upsertBySlug(
      TITLE,
      'titles',
      catalog.titles.map((title) => ({
        slug: title.slug,
        kind: title.kind,
        name: title.name,
        original_name: title.originalName,
        year: title.year,
        imdb: title.imdb,
        channel_id: title.channel ? channelIds.get(title.channel)! : null,
        description: title.description,
        adult: title.adult,
        release_at: title.releaseAt ?? null,
        poster_url: title.poster ?? null,
        backdrop_url: title.backdrop ?? null,
        search_text: foldForSearch(`${title.name} ${title.originalName}`),
      })),
    );
    const titles = catalog.titles.map((title) => ({ ...title, id: titleIds.get(title.slug)! }));
    this.titles = titles.map(({ id, slug, kind, name, originalName }) => ({ id, slug, kind, name, originalName }));

    await this.upsert(
      TITLE_GENRE,
      'titleGenres',
      titles.flatMap((title) => title.genres.map((genre) => ({ title_id: title.id, genre_id: genreIds.get(genre)! }))),
    );
    await this.remove(
      'titleGenres',
      REMOVE_EXTRA.titleGenres,
      titles.map((title) => ({ title_id: title.id, kept: title.genres.map((genre) => genreIds.get(genre)!) })),
    );
    await this.upsert(
      TRAILER,
      'trailers',
      titles.flatMap((title) => title.trailers.map((trailer, index) => ({ title_id: title.id, number: index + 1, url: trailer.url }))),
    );
    await this.remove('trailers', REMOVE_EXTRA.trailers, titles.map((title) => ({ title_id: title.id, kept: title.trailers.length })));

    await this.upsert(
      SEASON,
      'seasons',
      titles.flatMap((title) => title.seasons.map((season) => ({ title_id: title.id, number: season.number, name: season.name ?? null }))),
    );
    const seasonIds = await this.ids(
      'SELECT id, title_id || \'/\' || number AS key FROM season WHERE title_id = ANY($1::integer[])',
      titles.map((title) => title.id),
    );
    const seasons = titles.flatMap((title) =>
      title.seasons.map((season) => ({ ...season, titleId: title.id, id: seasonIds.get(`${title.id}/${season.number}`)! })),
    );

    const addedEpisodeIds = await this.upsert(
      EPISODE,
      'episodes',
      seasons.flatMap((season) =>
        season.episodes.map((episode) => ({
          season_id: season.id,
          number: episode.number,
          title_id: season.titleId,
          name: episode.name,
          air_at: episode.airAt,
          duration_seconds: episode.durationSeconds,
        })),
      ),
    );
    await this.releases.schedule(this.runner.manager, addedEpisodeIds);
    const episodeIds = await this.ids(
      'SELECT id, season_id || \'/\' || number AS key FROM episode WHERE season_id = ANY($1::integer[])',
      seasons.map((season) => season.id),
    );
    const episodes = seasons.flatMap((season) =>
      season.episodes.map((episode) => ({ ...episode, id: episodeIds.get(`${season.id}/${episode.number}`)! })),
    );

    await this.upsert(
      EPISODE_SOURCE,
      'videoSources',
      episodes.flatMap((episode) => episode.sources.map((source, index) => ({ episode_id: episode.id, ...sourceRow(source, index) }))),
    );
    await this.remove(
      'videoSources',
      REMOVE_EXTRA.episodeSources,
      episodes.map((episode) => ({ owner_id: episode.id, kept: episode.sources.length })),
    );

    const groupsWithEpisode = episodes.flatMap((episode) => episode.groups.map((group, index) => ({ ...group, episodeId: episode.id, position: index })));
    await this.upsert(
      VIDEO_GROUP,
      'videoGroups',
      groupsWithEpisode.map((group) => ({ hash: group.hash, episode_id: group.episodeId, position: group.position, name: group.name })),
    );
    const groupIds = await this.ids(
      'SELECT id, hash AS key FROM video_group WHERE hash = ANY($1::text[])',
      groupsWithEpisode.map((group) => group.hash),
    );
    const groups = groupsWithEpisode.map((group) => ({ ...group, id: groupIds.get(group.hash)! }));
    await this.upsert(
      GROUP_SOURCE,
      'videoSources',
      groups.flatMap((group) => group.sources.map((source, index) => ({ group_id: group.id, ...sourceRow(source, index) }))),
    );
    await this.remove(
      'videoSources',
      REMOVE_EXTRA.groupSources,
      groups.map((group) => ({ owner_id: group.id, kept: group.sources.length })),
    );

    await this.upsert(
      PRE_ROLL_AD,
      'preRollAds',
      catalog.ads.map((ad, index) => ({
        key: ad.key,
        position: index,
        link: ad.link,
        skip_after_seconds: ad.time,
        video_url: ad.video,
        image_url: ad.image ?? null,
      })),
    );
    return this.summary;
  }

  /** Answers the ids of the rows inserted when the table asks for them (`insertedIds`), else []. */
  private async upsert(table: UpsertTable, kind: CatalogRecordKind, rows: object[]): Promise<number[]> {
    const sql = upsertStatement(table);
    const insertedIds: number[] = [];
    for (const batch of batches(rows)) {
      const changed: Array<{ inserted: boolean; id?: number }> = await this.runner.query(sql, [JSON.stringify(batch)]);
      for (const row of changed) {
        this.summary[kind][row.inserted ? 'inserted' : 'updated'] += 1;
        if (row.inserted && row.id !== undefined) insertedIds.push(row.id);
      }
    }
    return insertedIds;
  }

  /** Upserts rows keyed by slug and answers every slug's id, changed or not. */
  private async upsertBySlug(table: UpsertTable, kind: CatalogRecordKind, rows: Array<{ slug: string }>): Promise<Map<string, number>> {
    await this.upsert(table, kind, rows);
    return this.ids(`SELECT id, slug AS key FROM ${table.table} WHERE slug = ANY($1::text[])`, rows.map((row) => row.slug));
  }

  /** Runs `sql` (selecting id and key, filtered by the array $1) over `keys` in batches. */
  private async ids(sql: string, keys: Array<string | number>): Promise<Map<string, number>> {
    const found = new Map<string, number>();
    for (const batch of batches(keys)) {
      const rows: Array<{ id: number; key: string }> = await this.runner.query(sql, [batch]);
      for (const row of rows) found.set(row.key, row.id);
    }
    return found;
  }

  private async remove(kind: CatalogRecordKind, sql: string, owners: object[]): Promise<void> {
    for (const batch of batches(owners)) {
      const result = await this.runner.query(sql, [JSON.stringify(batch)], true);
      this.summary[kind].removed += result.affected ?? 0;
    }
  }
}
