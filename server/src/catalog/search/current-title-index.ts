import { setImmediate as nextTurn } from 'node:timers/promises';
import { Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { PinoLogger } from 'nestjs-pino';
import { DataSource } from 'typeorm';
import { type TitleCardSource, titleCardColumns, toTitleCard } from '../catalog.service';
import { CatalogChanges } from '../catalog-changes';
import { LiveSearchAnswers } from './live-search-answers';
import { SEARCH_COMPRESSION } from './search-compression';
import { type SearchableTitle, TitleSearchIndex } from './title-search-index';

/** A failed build is tried again at the next search this long after it failed. */
const RETRY_AFTER_FAILURE_MS = 5_000;

/**
 * Every title's search text and card, in the order search ranks equal matches: PostgreSQL orders
 * the names, by its own collation, exactly as the search's SQL would.
 */
const INDEXED_TITLES = `
  SELECT t.search_text AS "searchText", ${titleCardColumns('t')}
    FROM title t
   ORDER BY length(t.search_text), t.name, t.id`;

type IndexedTitleRow = TitleCardSource & { searchText: string };

/**
 * The title search index of the catalog as it is now, built from PostgreSQL in the background as
 * the server starts and again at every catalog change heard of (CatalogChanges), or at the next
 * search after a change it could not hear of (an import in this process clears the read cache
 * first). `current()` hands out an index only while it is the catalog's: before the first build,
 * while a change is being rebuilt and while no change could be heard of, it answers null and
 * search reads PostgreSQL.
 */
@Injectable()
export class CurrentTitleIndex implements OnApplicationBootstrap {
  private index: TitleSearchIndex | null = null;
  /** The live search's answers made ahead from `index`, built with it. */
  private answers: LiveSearchAnswers | null = null;
  private builtFor: string | null = null;
  private building = false;
  private failedAt: number | null = null;

  constructor(
    private readonly dataSource: DataSource,
    private readonly changes: CatalogChanges,
    private readonly logger: PinoLogger,
  ) {}

  /**
   * Listens for catalog changes from the start, and builds at once when listening begins and at
   * every change: the first searches after a start or a change find the index ready instead of
   * reading PostgreSQL for as long as a build takes. A process that cannot listen (the worker)
   * builds nothing.
   */
  onApplicationBootstrap(): void {
    this.changes.rebuildOnChange(() => this.buildSoon());
  }

  /** Whether a search now would be answered from memory; unlike current(), asking starts no build. */
  get ready(): boolean {
    return this.changes.listening && this.index !== null && this.builtFor === this.changes.version;
  }

  /** The index when it holds the catalog as it is now; otherwise null, and a build is under way. */
  current(): TitleSearchIndex | null {
    this.changes.startListening();
    if (!this.changes.listening) return null;
    if (this.index !== null && this.builtFor === this.changes.version) return this.index;
    this.index = null;
    this.buildSoon();
    return null;
  }

  /** The live search's answers made ahead from `index` (one current() handed out), or null when they are not that index's. */
  answersOf(index: TitleSearchIndex): LiveSearchAnswers | null {
    return this.answers?.index === index ? this.answers : null;
  }

  /** Starts one build unless one runs, or the last failed moments ago. */
  private buildSoon(): void {
    if (this.building || (this.failedAt !== null && Date.now() - this.failedAt < RETRY_AFTER_FAILURE_MS)) return;
    this.building = true;
    void this.build().finally(() => {
      this.building = false;
      // A change heard of during the build made it stale: the catalog as it is now is built next.
      if (this.failedAt === null && this.changes.listening && this.builtFor !== this.changes.version) this.buildSoon();
    });
  }

  /**
   * Reads every title and builds the index, then the live search's answers made ahead. Kept only
   * when no change was heard of meanwhile: the version is taken before the read, so a change
   * committed after the read started makes it stale.
   */
  private async build(): Promise<void> {
    const version = this.changes.version;
    try {
      const rows: IndexedTitleRow[] = await this.dataSource.query(INDEXED_TITLES);
      if (!this.changes.listening || this.changes.version !== version) return;
      // In slices: at 20,000 titles a build in one go would hold every request up for a tenth of a second.
      const index = await TitleSearchIndex.build(rows.map(toSearchableTitle), () => nextTurn());
      if (!this.changes.listening || this.changes.version !== version) return;
      const answers = await LiveSearchAnswers.build(index, SEARCH_COMPRESSION, () => nextTurn());
      if (!this.changes.listening || this.changes.version !== version) return;
      this.index = index;
      this.answers = answers;
      this.builtFor = version;
      this.failedAt = null;
    } catch (error) {
      this.failedAt = Date.now();
      this.logger.warn({ err: (error as Error).message }, 'title search index could not be built; search reads PostgreSQL');
    }
  }
}

function toSearchableTitle(row: IndexedTitleRow): SearchableTitle {
  return { searchText: row.searchText, card: toTitleCard(row) };
}
