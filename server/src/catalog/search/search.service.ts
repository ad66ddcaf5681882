import { HttpStatus, Injectable, Optional } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { SEARCH_MESSAGES, SEARCH_RULES, foldForSearch, searchQuerySchema, type TitleCard } from '@seyirlik/shared-contracts';
import { Repository, type SelectQueryBuilder } from 'typeorm';
import { escapeLike } from '../../platform/database/sql';
import { AppException } from '../../platform/http/app-exception';
import { type FrontAnswer, frontAnswer, RecentAnswers } from '../../platform/http/read-cache/front-reads';
import { type TitleCardSource, titleCardColumns, toTitleCard } from '../catalog.service';
import { Title } from '../entities/title.entity';
import { CurrentTitleIndex } from './current-title-index';
import { EMPTY_RESULT_JSON, searchResultJson } from './live-search-answers';
import { SEARCH_COMPRESSION } from './search-compression';
import type { TitleSearchIndex } from './title-search-index';

/** A UTF-16 surrogate without its pair: PostgreSQL receives it as U+FFFD, as UTF-8 encodes it. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/**
 * The folded query as PostgreSQL receives it, so the in-memory index and the SQL look for the same
 * text: a lone surrogate (only a JSON body can carry one) becomes U+FFFD.
 */
const asDatabaseText = (folded: string): string => folded.replace(LONE_SURROGATE, '\uFFFD');

/** No text in PostgreSQL holds U+0000 (it refuses it), so no title name does. */
const NUL = '\u0000';

const EMPTY_RESULT = frontAnswer(EMPTY_RESULT_JSON);

/** How many answers of the live search made from the index are kept to be sent again (some 2 KB each), by query and by the titles found. */
const RECENT_SEARCHES = 2000;

/**
 * The query folded as search compares it (see foldForSearch), as PostgreSQL would receive it;
 * throws the Turkish 400 for a query that is not one text of 3 to 100 characters, or that folds
 * to fewer than 3 (marks stripped by folding can leave fewer letters than the query had).
 */
function foldedQuery(query: unknown): string {
  const parsed = searchQuerySchema.safeParse(query);
  if (!parsed.success) {
    throw new AppException(HttpStatus.BAD_REQUEST, parsed.error.issues[0]?.message ?? SEARCH_MESSAGES.tooShort);
  }
  const folded = asDatabaseText(foldForSearch(parsed.data));
  if (folded.length < SEARCH_RULES.minLength) throw new AppException(HttpStatus.BAD_REQUEST, SEARCH_MESSAGES.tooShort);
  return folded;
}

/** Title search by name, ignoring case and Turkish diacritics, closest first. */
@Injectable()
export class SearchService {
  /**
   * The answers made last from the index they were made from (searchResultFromMemory) to queries
   * it does not make ahead (longer than a typed prefix, or starting inside a word), by query, and
   * by the titles they list: a member typing on past a name's eighth letter gets the same titles
   * at each letter more, as do the same letters typed with or without Turkish ones, so an answer
   * is mostly one made for another query already, its ETag and compressed copies with it.
   */
  private recent: { index: TitleSearchIndex; byQuery: RecentAnswers; byTitles: RecentAnswers } | null = null;

  /** `index` is the server's in-memory title index; without one (the bench's EXPLAIN) every search reads PostgreSQL. */
  constructor(
    @InjectRepository(Title) private readonly titles: Repository<Title>,
    @Optional() private readonly index?: CurrentTitleIndex,
  ) {}

  /**
   * Titles whose folded name (or original name) contains the folded query. Ranked: the whole name
   * starting with the query, then a word starting with it, then inside a word; within each, the
   * shortest names first (the query covers more of them); name and id break ties so the order is
   * stable. Answered from the in-memory title index when it holds the catalog as it is now, else
   * by the same query in PostgreSQL (`titleSearch`), with the same answer.
   */
  async search(query: unknown, limit: number): Promise<TitleCard[]> {
    const folded = foldedQuery(query);
    if (folded.includes(NUL)) return [];
    const index = this.index?.current();
    if (index) return index.search(folded, limit);
    return this.searchDatabase(folded, limit);
  }

  /**
   * The API's answer to `query` (a SearchResult) as JSON, exactly as `search` and the serializer
   * would write it, made from the in-memory index's cards' JSON (with the ETag and brotli copy made
   * ahead for a typed prefix, LiveSearchAnswers); null when the query is refused or the index does
   * not hold the catalog as it is now (the API then answers the full way).
   */
  searchResultFromMemory(query: unknown, limit: number): FrontAnswer | null {
    let folded: string;
    try {
      folded = foldedQuery(query);
    } catch {
      return null;
    }
    if (folded.includes(NUL)) return EMPTY_RESULT;
    const index = this.index?.current();
    if (!index) return null;
    const madeAhead = this.index!.answersOf(index)?.answer(folded, limit);
    if (madeAhead !== undefined) return madeAhead;
    if (this.recent?.index !== index) {
      this.recent = { index, byQuery: new RecentAnswers(RECENT_SEARCHES), byTitles: new RecentAnswers(RECENT_SEARCHES) };
    }
    const { byQuery, byTitles } = this.recent;
    return byQuery.get(`${limit}:${folded}`, () => {
      const ranks = index.ranks(folded, limit);
      if (ranks.length === 0) return EMPTY_RESULT;
      return byTitles.get(ranks.join(','), () => frontAnswer(searchResultJson(index, ranks), SEARCH_COMPRESSION));
    });
  }

  /** `search` in PostgreSQL, for an already folded query: what the in-memory index answers too. */
  async searchDatabase(folded: string, limit: number): Promise<TitleCard[]> {
    const [sql, parameters] = this.titleSearch(folded, limit).getQueryAndParameters();
    const rows: TitleCardSource[] = await this.titles.query(sql, parameters);
    return rows.map(toTitleCard);
  }

  /**
   * The query behind `search`, for an already folded text (tests and the bench EXPLAIN it); it
   * selects title cards' columns. Every match is ranked before the limit applies, and a common
   * word matches thousands of titles at 20,000: the ranking keys stay a few LIKEs and a length,
   * as a trigram similarity per match would cost several times the rest of the search.
   */
  titleSearch(folded: string, limit: number): SelectQueryBuilder<Title> {
    const escaped = escapeLike(folded);
    return this.titles
      .createQueryBuilder('title')
      .select(titleCardColumns('title'))
      .where(`title.search_text LIKE :contains ESCAPE '\\'`, { contains: `%${escaped}%` })
      .orderBy(
        `CASE WHEN title.search_text LIKE :prefix ESCAPE '\\' THEN 0 WHEN title.search_text LIKE :wordStart ESCAPE '\\' THEN 1 ELSE 2 END`,
      )
      .addOrderBy('length(title.search_text)', 'ASC')
      .addOrderBy('title.name', 'ASC')
      .addOrderBy('title.id', 'ASC')
      .setParameters({ prefix: `${escaped}%`, wordStart: `% ${escaped}%` })
      .limit(limit);
  }
}
