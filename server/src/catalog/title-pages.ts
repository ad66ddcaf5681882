import { createHash } from 'node:crypto';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import type { EpisodeSummary, SeasonDetail, TitleDetail } from '@seyirlik/shared-contracts';
import { PinoLogger } from 'nestjs-pino';
import { DataSource } from 'typeorm';
import type { AppConfig } from '../platform/config/config';
import { APP_CONFIG } from '../platform/config/config.tokens';
import { PreparedStatement } from '../platform/database/prepared-statement';
import type { FrontAnswer } from '../platform/http/read-cache/front-reads';
import { answerEtag, COMPRESSION_THRESHOLD_BYTES } from '../platform/http/response-encoding';
import { CatalogChanges } from './catalog-changes';
import { type TitleCardSource, titleCardColumns, toTitleCard } from './catalog.service';
import type { Title } from './entities/title.entity';
import { type PageChange, type PageToHold, TitlePageMemory } from './title-page-memory';
import { isTitleAddress, titleNotFound } from './title-lookup';

type TitleDetailParts = Pick<TitleDetail, 'genres' | 'channel' | 'trailers'>;

/** A season as the title page's query lists it: [id, number, name]. */
type SeasonColumns = [id: number, number: number, name: string | null];

/**
 * A title's episodes as the title page's query lists them, column by column: season ids, ids,
 * numbers, names, air times (milliseconds since 1970), durations in seconds. Each column is null
 * when the title has no episode.
 */
type EpisodeColumns = [seasonIds: number[] | null, ids: number[], numbers: number[], names: string[], airMs: number[], durationSeconds: number[]];

type TitleDetailRow = TitleCardSource &
  Pick<Title, 'description' | 'releaseAt' | 'backdropUrl'> &
  TitleDetailParts & { seasons: SeasonColumns[]; episodes: EpisodeColumns };

/** A page read to be stored: its title, and the version of the title's page it was read at (null: the title has no page row). */
type PageSourceRow = TitleDetailRow & { id: number; pageVersion: string | null };

/**
 * A title page's columns over the title `t`, read in one round trip: the title with its genres,
 * channel, trailers and seasons as JSON that PostgreSQL builds, and its episodes (a long series
 * has a thousand) as one array per column, read off the title's own index: an object per episode
 * built in PostgreSQL cost it several times the rest of the page. Air times are whole
 * milliseconds, as the page shows them.
 */
const DETAIL_COLUMNS = `${titleCardColumns('t')}, t.description, t.release_at AS "releaseAt", t.backdrop_url AS "backdropUrl",
    (SELECT coalesce(json_agg(json_build_object('slug', g.slug, 'name', g.name) ORDER BY g.name), '[]')
       FROM title_genre tg JOIN genre g ON g.id = tg.genre_id WHERE tg.title_id = t.id) AS genres,
    (SELECT json_build_object('slug', c.slug, 'name', c.name) FROM channel c WHERE c.id = t.channel_id) AS channel,
    (SELECT coalesce(json_agg(json_build_object('number', tr.number, 'url', tr.url) ORDER BY tr.number), '[]')
       FROM trailer tr WHERE tr.title_id = t.id) AS trailers,
    (SELECT coalesce(json_agg(json_build_array(s.id, s.number, s.name) ORDER BY s.number), '[]')
       FROM season s WHERE s.title_id = t.id) AS seasons,
    (SELECT json_build_array(array_agg(e.season_id), array_agg(e.id), array_agg(e.number), array_agg(e.name),
                             array_agg(floor(extract(epoch FROM e.air_at) * 1000)::int8), array_agg(e.duration_seconds))
       FROM episode e WHERE e.title_id = t.id) AS episodes`;

/** The page of the title at an address, made from the catalog, with the version of its stored page read in the same snapshot. */
const TITLE_DETAIL = new PreparedStatement<PageSourceRow>(
  'catalog_title_detail',
  `SELECT t.id, p.version AS "pageVersion", ${DETAIL_COLUMNS}
     FROM title t LEFT JOIN title_page p ON p.title_id = t.id
    WHERE t.kind = $1 AND t.slug = $2`,
);

/** The stored page of the title at an address and its ETag, when it is current and made by this code ($3, TITLE_PAGE_FORMAT). */
const STORED_PAGE = new PreparedStatement<{ body: string; etag: string | null }>(
  'catalog_title_page_stored',
  `SELECT p.body, p.etag FROM title t JOIN title_page p ON p.title_id = t.id WHERE t.kind = $1 AND t.slug = $2 AND p.format = $3`,
);

/** Titles after $1 whose page is not stored in this code's format ($2), at most $3, made from the catalog. */
const UNBUILT_PAGES = new PreparedStatement<PageSourceRow>(
  'catalog_title_pages_unbuilt',
  `SELECT t.id, p.version AS "pageVersion", ${DETAIL_COLUMNS}
     FROM title_page p JOIN title t ON t.id = p.title_id
    WHERE p.title_id > $1 AND p.format IS DISTINCT FROM $2
    ORDER BY p.title_id LIMIT $3`,
);

/**
 * A fingerprint of the stored pages as the memory check sees them (`format` names the parameter
 * holding TITLE_PAGE_FORMAT): how many there are, and the XOR of a 64-bit hash of each title's id,
 * its page's version and whether its page is stored in this code's format. Whatever the check
 * would find (a title added or gone, a page's version moved on, a page stored in this code's format
 * or no longer) changes it, but for a chance of one in 2^64; a body written behind everything at
 * the same version does not, as the check does not look at bodies either. One scan of the table,
 * without parallel workers (see the TitlePageSerialScan migration): about 8 ms at 20,000 titles.
 */
const fingerprintOf = (format: string) =>
  `count(*) || ':' || coalesce(bit_xor(hashint8extended(version, title_id::int8 * 2 + coalesce(format = ${format}, false)::int)), 0)`;

/** The fingerprint of the stored pages now, for this code's format ($1). */
export const PAGE_FINGERPRINT = new PreparedStatement<{ fingerprint: string }>(
  'catalog_title_page_fingerprint',
  `SELECT ${fingerprintOf('$1')} AS fingerprint FROM title_page`,
);

/**
 * How the stored pages differ from what memory holds (the titles $1 at the versions $2): the held
 * titles that are gone or whose page is at another version now, and, unless memory is full ($4),
 * the titles not held whose page is stored in this code's format ($3). PostgreSQL compares them,
 * so a check that finds nothing changed reads no row (every title's version read and compared here
 * would hold every request up for tens of milliseconds at 20,000 titles). One more row, with no
 * title, carries the stored pages' fingerprint, read in the same snapshot.
 */
export const PAGE_CHANGES = new PreparedStatement<PageChange & { fingerprint: string | null }>(
  'catalog_title_page_changes',
  `SELECT NULL::int AS "titleId", NULL::bigint AS version, false AS ready, ${fingerprintOf('$3')} AS fingerprint FROM title_page
   UNION ALL
   SELECT coalesce(p.title_id, h.title_id), p.version, coalesce(p.format = $3, false), NULL
     FROM title_page p
     FULL JOIN unnest($1::int[], $2::bigint[]) AS h(title_id, version) ON h.title_id = p.title_id
    WHERE p.title_id IS NULL
       OR (h.title_id IS NOT NULL AND h.version <> p.version)
       OR (h.title_id IS NULL AND p.format = $3 AND NOT $4::boolean)`,
);

/** The stored pages of the titles $1 in this code's format ($2), to hold in memory. */
const PAGES_TO_HOLD = new PreparedStatement<PageToHold>(
  'catalog_title_pages_to_hold',
  `SELECT p.title_id AS "titleId", t.kind, t.slug, p.version, p.body, p.etag
     FROM title_page p JOIN title t ON t.id = p.title_id
    WHERE p.title_id = ANY($1::int[]) AND p.format = $2`,
);

/**
 * Stores pages, each only if its title's page is still at the version it was read at (a write to
 * the title since then moved the version on, and its page is made again). It never waits for a
 * lock: a page a writer holds is skipped (the writer is making it stale), so the builder is never
 * in a deadlock with an import. Answers the titles whose page it stored.
 */
export const STORE_PAGES = `
  WITH stored AS (
    UPDATE title_page p SET body = b.body, etag = b.etag, format = $5
      FROM unnest($1::int[], $2::bigint[], $3::text[], $4::text[]) AS b(title_id, version, body, etag)
     WHERE p.title_id = b.title_id AND p.version = b.version AND p.format IS DISTINCT FROM $5
       AND p.title_id IN (SELECT title_id FROM title_page WHERE title_id = ANY($1::int[]) FOR UPDATE SKIP LOCKED)
    RETURNING p.title_id)
  SELECT title_id AS "titleId" FROM stored`;

/** Taken for each batch the builder stores, so only one process builds at a time (the others find it taken). */
const BUILDER_LOCK = [0x7469746c, 0x70616765] as const;

const BATCH_SIZE = 100;
const RETRY_MS = 30_000;

/**
 * How often the pages held in memory are checked against the stored pages' versions even when no
 * change was heard of: what bounds how long a write no one announced (plain SQL) is served from
 * memory, as the read cache's time to live does for its answers, and how soon pages another process
 * made are held here.
 */
export const MEMORY_CHECK_MS = 10_000;
/** Pages read from PostgreSQL per round trip when holding them; each is gzipped, in slices of HOLD_SLICE between which requests get their turn. */
const HOLD_BATCH = 200;
const HOLD_SLICE = 20;

/** The title page's seasons in order, each with its episodes in order. */
function seasonDetails(seasons: SeasonColumns[], [seasonIds, ids, numbers, names, airMs, durationSeconds]: EpisodeColumns): SeasonDetail[] {
  const episodesBySeason = new Map<number, EpisodeSummary[]>(seasons.map(([id]) => [id, []]));
  seasonIds?.forEach((seasonId, at) => {
    episodesBySeason.get(seasonId)!.push({
      id: ids[at]!,
      number: numbers[at]!,
      name: names[at]!,
      airAt: new Date(airMs[at]!).toISOString(),
      durationSeconds: durationSeconds[at]!,
    });
  });
  return seasons.map(([id, number, name]) => ({
    number,
    name,
    episodes: episodesBySeason.get(id)!.sort((a, b) => a.number - b.number),
  }));
}

function toTitleDetail(title: TitleDetailRow): TitleDetail {
  return {
    ...toTitleCard(title),
    description: title.description,
    genres: title.genres,
    channel: title.channel,
    releaseAt: title.releaseAt?.toISOString() ?? null,
    backdropUrl: title.backdropUrl,
    trailers: title.trailers,
    seasons: seasonDetails(title.seasons, title.episodes),
  };
}

/** A title page's JSON, as the handler's serializer would write it. */
const pageJson = (row: TitleDetailRow): string => JSON.stringify(toTitleDetail(row));

/** A title with every part a page shows, to tell by its JSON when the code making pages has changed. */
const FORMAT_SAMPLE: TitleDetailRow = {
  slug: 'ornek',
  kind: 'dizi',
  name: 'Örnek',
  originalName: 'Sample',
  year: 2024,
  imdb: 7.5,
  posterUrl: null,
  adult: false,
  description: 'Açıklama',
  releaseAt: new Date(Date.UTC(2024, 0, 2, 3, 4, 5)),
  backdropUrl: null,
  genres: [{ slug: 'dram', name: 'Dram' }],
  channel: { slug: 'kanal', name: 'Kanal' },
  trailers: [{ number: 1, url: 'https://example.org/fragman' }],
  seasons: [[1, 1, 'Birinci sezon']],
  episodes: [[1], [2], [3], ['Bölüm'], [Date.UTC(2024, 0, 2)], [2700]],
};

/**
 * What the stored pages were made by: the query and the JSON this code makes of a sample title. A
 * page stored in another format (a release that changed either) is not served, and is made again.
 */
export const TITLE_PAGE_FORMAT = createHash('sha1')
  .update(DETAIL_COLUMNS)
  .update(pageJson(FORMAT_SAMPLE))
  // The stored ETag's rule (answerEtag): a page under this size has none.
  .update(`etag from ${COMPRESSION_THRESHOLD_BYTES} bytes`)
  .digest('base64url')
  .slice(0, 16);

/**
 * Title pages, stored as the JSON the API answers (the `title_page` table): a page no one asked
 * lately is one primary-key read, not the title, its genres, channel, trailers, seasons and every
 * episode put together again (at a million episodes, most of a title page's cost).
 *
 * A stored page is always the catalog's: the migration's triggers clear a title's page, and move
 * its version on, in the same statement as any write to what it shows. A page made from the
 * catalog is stored only under the version it was read at (STORE_PAGES), so a page read before a
 * write is never kept after it. Pages are made as the server starts and at every catalog change
 * heard of (one process at a time, in batches), and any page asked for before that is made then
 * and stored.
 *
 * Each server process also holds the stored pages in memory, gzipped, up to TITLE_PAGES_MEMORY_MB
 * (TitlePageMemory): the pages it makes as it makes them, the others' when it checks the pages'
 * versions. It sends a page from memory only while what it holds is verified against the catalog
 * as this process knows it: checked after the last change it heard of (until then every page is
 * read from PostgreSQL, as when it cannot listen), and again every MEMORY_CHECK_MS.
 */
@Injectable()
export class TitlePages implements OnApplicationBootstrap, OnApplicationShutdown {
  private building = false;
  private again = false;
  private retry: NodeJS.Timeout | null = null;
  private stopped = false;
  private readonly memory: TitlePageMemory | null;
  /** The CatalogChanges version the pages in memory were last checked under (null: not yet). */
  private verifiedFor: string | null = null;
  private checking = false;
  private checkAgain = false;
  /**
   * Where the last full check left memory in step with the stored pages: their fingerprint then,
   * and memory's revision once it had held what it found (null: no such check since the last
   * change to either).
   */
  private inStep: { fingerprint: string; revision: number } | null = null;
  private checkTimer: NodeJS.Timeout | null = null;

  constructor(
    private readonly dataSource: DataSource,
    private readonly changes: CatalogChanges,
    private readonly logger: PinoLogger,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.memory = config.titlePagesMemoryBytes > 0 ? new TitlePageMemory(config.titlePagesMemoryBytes) : null;
  }

  /**
   * Builds, and checks the pages in memory, when the process starts listening for catalog changes
   * and after every change heard of; a process that cannot listen (the worker) does neither.
   */
  onApplicationBootstrap(): void {
    this.changes.rebuildOnChange(() => {
      this.buildSoon();
      this.checkMemorySoon();
    });
    if (this.memory !== null) {
      this.checkTimer = setInterval(() => {
        if (this.changes.listening) this.checkMemorySoon();
      }, MEMORY_CHECK_MS);
      this.checkTimer.unref();
    }
  }

  onApplicationShutdown(): void {
    this.stopped = true;
    if (this.retry) clearTimeout(this.retry);
    if (this.checkTimer) clearInterval(this.checkTimer);
  }

  /**
   * The stored page of the title at /{kind}/{slug} as the API answers it, with its ETag: from
   * memory when held there and verified, else read from PostgreSQL; null when it is not stored (or
   * the address names no title: page() says so).
   */
  storedPage(kind: string | undefined, slug: string | undefined): FrontAnswer | null | Promise<FrontAnswer | null> {
    if (kind === undefined || slug === undefined || !isTitleAddress(kind, slug)) return null;
    return this.heldPage(kind, slug) ?? this.readStoredPage(kind, slug);
  }

  /** What this process holds in memory: how many pages, and their bytes compressed. */
  get held(): { pages: number; bytes: number; verified: boolean } {
    return { pages: this.memory?.size ?? 0, bytes: this.memory?.bytes ?? 0, verified: this.memoryVerified() };
  }

  private memoryVerified(): boolean {
    return this.memory !== null && this.changes.listening && this.verifiedFor === this.changes.version;
  }

  private heldPage(kind: string, slug: string): FrontAnswer | null {
    return this.memoryVerified() ? this.memory!.answer(kind, slug) : null;
  }

  private async readStoredPage(kind: string, slug: string): Promise<FrontAnswer | null> {
    const [stored] = await STORED_PAGE.run(this.dataSource, [kind, slug, TITLE_PAGE_FORMAT]);
    return stored ? { body: Buffer.from(stored.body), etag: stored.etag } : null;
  }

  /** Starts checking the pages in memory against the stored pages' versions, unless a check runs (then another follows it). */
  checkMemorySoon(): void {
    if (this.memory === null || this.stopped) return;
    if (this.checking) {
      this.checkAgain = true;
      return;
    }
    this.checking = true;
    void this.checkMemory()
      .catch((error: Error) => this.logger.warn({ err: error.message }, 'title pages in memory could not be checked; they are read from PostgreSQL until the next check'))
      .finally(() => {
        this.checking = false;
        if (this.checkAgain) {
          this.checkAgain = false;
          this.checkMemorySoon();
        }
      });
  }

  /**
   * Checks the pages in memory against the stored pages: first by their fingerprint alone, when the
   * last full check left memory in step with them and neither changed since (the check every
   * MEMORY_CHECK_MS in a catalog no one writes to: one scan of the table, no id sent); else in
   * full (compareMemory). The check is kept only when no change was heard of meanwhile: the
   * version is taken before the read, so a change committed after it started makes it stale, and a
   * check after it follows.
   */
  private async checkMemory(): Promise<void> {
    const memory = this.memory!;
    const version = this.changes.version;
    const inStep = this.inStep;
    if (inStep !== null && inStep.revision === memory.revision) {
      const [{ fingerprint }] = await PAGE_FINGERPRINT.run(this.dataSource, [TITLE_PAGE_FORMAT]);
      if (!this.changes.listening) return;
      if (this.changes.version !== version) {
        this.checkAgain = true;
        return;
      }
      if (fingerprint === inStep.fingerprint && memory.revision === inStep.revision) {
        this.verifiedFor = version;
        return;
      }
    }
    await this.compareMemory(version);
  }

  /**
   * Lets go of the pages whose title changed (or is gone) since they were held, then holds the
   * stored pages not held yet; when that is done with no change heard of meanwhile, memory is in
   * step with the stored pages as the comparison read them.
   */
  private async compareMemory(version: string): Promise<void> {
    const memory = this.memory!;
    this.inStep = null;
    const held = memory.held();
    const rows = await PAGE_CHANGES.run(this.dataSource, [held.titleIds, held.versions, TITLE_PAGE_FORMAT, memory.full]);
    if (!this.changes.listening) return;
    if (this.changes.version !== version) {
      this.checkAgain = true;
      return;
    }
    const fingerprint = rows.find((row) => row.fingerprint !== null)!.fingerprint!;
    // Held meanwhile (by the builder, at the version it read): compared at the next check.
    const toHold = memory.reconcile(rows.filter((row) => row.fingerprint === null));
    this.verifiedFor = version;
    // Full (TITLE_PAGES_MEMORY_MB): the pages not held are read from PostgreSQL.
    for (let at = 0; at < toHold.length && !memory.full; at += HOLD_BATCH) {
      const pages = await PAGES_TO_HOLD.run(this.dataSource, [toHold.slice(at, at + HOLD_BATCH), TITLE_PAGE_FORMAT]);
      if (!(await this.hold(pages, version)) && !memory.full) return;
    }
    // A page stored or changed since the comparison changed the fingerprint: the next check compares in full.
    if (!this.stopped && this.changes.listening && this.changes.version === version) this.inStep = { fingerprint, revision: memory.revision };
  }

  /**
   * Holds pages read under the catalog version `version`, unless a change was heard of since (the
   * check after it decides); false when that was so, or when memory is full.
   */
  private async hold(pages: PageToHold[], version: string): Promise<boolean> {
    for (let at = 0; at < pages.length; at += HOLD_SLICE) {
      if (this.stopped || this.changes.version !== version) return false;
      for (const page of pages.slice(at, at + HOLD_SLICE)) {
        if (!this.memory!.hold(page)) return false;
      }
      await nextTurn();
    }
    return true;
  }

  /**
   * The page of the title at /{kind}/{slug} as JSON, made from the catalog; 404 in Turkish when
   * there is none. For the requests the front did not answer from a stored page (storedPage): the
   * page is not stored yet, or could not be read.
   */
  async page(kind: string, slug: string): Promise<string> {
    if (!isTitleAddress(kind, slug)) throw titleNotFound();
    const [row] = await TITLE_DETAIL.run(this.dataSource, [kind, slug]);
    if (!row) throw titleNotFound();
    const body = pageJson(row);
    // Stored before answering (it never waits for a lock): the next visitor finds it.
    await this.store([row], [body]).catch((error: Error) => this.logger.warn({ err: error.message, titleId: row.id }, 'title page could not be stored'));
    return body;
  }

  /**
   * Starts making and storing every page not stored in this code's format, in batches, unless a
   * build runs here (a change heard of meanwhile starts another pass after it) or another process
   * holds the builder's lock (then tried again later, in case it stops).
   */
  buildSoon(): void {
    if (this.stopped) return;
    if (this.building) {
      this.again = true;
      return;
    }
    this.building = true;
    void this.buildAll()
      .then((done) => {
        if (!done) this.retryLater();
      })
      .catch((error: Error) => {
        this.logger.warn({ err: error.message }, 'title pages could not be built; they are made as they are asked for');
        this.retryLater();
      })
      .finally(() => {
        this.building = false;
        if (this.again) {
          this.again = false;
          this.buildSoon();
        }
      });
  }

  /** Whether every title's page is stored in this code's format. */
  async allBuilt(): Promise<boolean> {
    return (await UNBUILT_PAGES.run(this.dataSource, [0, TITLE_PAGE_FORMAT, 1])).length === 0;
  }

  /** False when another process holds the builder's lock. */
  private async buildAll(): Promise<boolean> {
    let after = 0;
    for (;;) {
      if (this.stopped) return true;
      const batch = await this.buildBatch(after);
      if (batch === null) return false;
      if (batch === 0) return true;
      after = batch;
      // Between batches, the requests waiting get their turn.
      await nextTurn();
    }
  }

  /**
   * Makes and stores the next batch of pages after title `after`, and holds in memory those it
   * stored once they are committed: the last title id of the batch, 0 when none was left, null
   * when another process builds.
   */
  private async buildBatch(after: number): Promise<number | null> {
    const version = this.changes.version;
    const built = await this.dataSource.transaction(async (manager) => {
      const [{ locked }] = await manager.query('SELECT pg_try_advisory_xact_lock($1, $2) AS locked', [...BUILDER_LOCK]);
      if (!locked) return null;
      const rows: PageSourceRow[] = await manager.query(UNBUILT_PAGES.text, [after, TITLE_PAGE_FORMAT, BATCH_SIZE]);
      if (rows.length === 0) return { last: 0, stored: [] };
      const stored = await this.store(rows, rows.map(pageJson), (text, values) => manager.query(text, values));
      return { last: rows.at(-1)!.id, stored };
    });
    if (built === null) return null;
    if (this.memory !== null) await this.hold(built.stored, version);
    return built.last;
  }

  /** Stores the pages made of `rows` whose version still holds: those it stored. */
  private async store(
    rows: PageSourceRow[],
    bodies: string[],
    query: (text: string, values: unknown[]) => Promise<unknown> = (text, values) => this.dataSource.query(text, values),
  ): Promise<PageToHold[]> {
    const kept = rows
      .map((row, at) => ({ row, body: bodies[at]! }))
      .filter((page): page is { row: PageSourceRow & { pageVersion: string }; body: string } => page.row.pageVersion !== null)
      .map(({ row, body }) => ({ titleId: row.id, kind: row.kind, slug: row.slug, version: row.pageVersion, body, etag: answerEtag(body) }));
    if (kept.length === 0) return [];
    const stored = (await query(STORE_PAGES, [
      kept.map((page) => page.titleId),
      kept.map((page) => page.version),
      kept.map((page) => page.body),
      kept.map((page) => page.etag),
      TITLE_PAGE_FORMAT,
    ])) as { titleId: number }[];
    const storedIds = new Set(stored.map((row) => row.titleId));
    return kept.filter((page) => storedIds.has(page.titleId));
  }

  private retryLater(): void {
    if (this.stopped || this.retry) return;
    this.retry = setTimeout(() => {
      this.retry = null;
      this.buildSoon();
    }, RETRY_MS);
    this.retry.unref();
  }
}
