import { HttpStatus, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { SEARCH_MESSAGES, SEARCH_RULES, foldForSearch, searchQuerySchema, type TitleCard } from '@seyirlik/shared-contracts';
import { Repository, type SelectQueryBuilder } from 'typeorm';
import { escapeLike } from '../../platform/database/sql';
import { AppException } from '../../platform/http/app-exception';
import { type TitleCardSource, titleCardColumns, toTitleCard } from '../catalog.service';
import { Title } from '../entities/title.entity';

/** Title search by name, ignoring case and Turkish diacritics, closest first. */
@Injectable()
export class SearchService {
  constructor(@InjectRepository(Title) private readonly titles: Repository<Title>) {}

  /**
   * Titles whose folded name (or original name) contains the folded query, through the trigram
   * index on `search_text`. Ranked: the whole name starting with the query, then a word starting
   * with it, then inside a word; within each, the shortest names first (the query covers more of
   * them); name and id break ties so the order is stable.
   */
  async search(query: unknown, limit: number): Promise<TitleCard[]> {
    const parsed = searchQuerySchema.safeParse(query);
    if (!parsed.success) {
      throw new AppException(HttpStatus.BAD_REQUEST, parsed.error.issues[0]?.message ?? SEARCH_MESSAGES.tooShort);
    }
    const folded = foldForSearch(parsed.data);
    // Marks stripped by folding can leave fewer letters than the query had.
    if (folded.length < SEARCH_RULES.minLength) throw new AppException(HttpStatus.BAD_REQUEST, SEARCH_MESSAGES.tooShort);
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
