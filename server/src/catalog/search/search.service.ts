import { HttpStatus, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { SEARCH_MESSAGES, SEARCH_RULES, foldForSearch, searchQuerySchema, type TitleCard } from '@seyirlik/shared-contracts';
import { Repository, type SelectQueryBuilder } from 'typeorm';
import { AppException } from '../../platform/http/app-exception';
import { toTitleCard } from '../catalog.service';
import { Title } from '../entities/title.entity';

/** `%`, `_` and the escape character itself match literally once escaped. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (character) => `\\${character}`);
}

/** Title search by name, ignoring case and Turkish diacritics, closest first. */
@Injectable()
export class SearchService {
  constructor(@InjectRepository(Title) private readonly titles: Repository<Title>) {}

  /**
   * Titles whose folded name (or original name) contains the folded query, through the trigram
   * index on `search_text`. Ranked: the whole name starting with the query, then a word starting
   * with it, then trigram similarity; name and id break ties so the order is stable.
   */
  async search(query: unknown, limit: number): Promise<TitleCard[]> {
    const parsed = searchQuerySchema.safeParse(query);
    if (!parsed.success) {
      throw new AppException(HttpStatus.BAD_REQUEST, parsed.error.issues[0]?.message ?? SEARCH_MESSAGES.tooShort);
    }
    const folded = foldForSearch(parsed.data);
    // Marks stripped by folding can leave fewer letters than the query had.
    if (folded.length < SEARCH_RULES.minLength) throw new AppException(HttpStatus.BAD_REQUEST, SEARCH_MESSAGES.tooShort);
    const rows = await this.titleSearch(folded, limit).getMany();
    return rows.map(toTitleCard);
  }

  /** The query behind `search`, for an already folded text (tests EXPLAIN it). */
  titleSearch(folded: string, limit: number): SelectQueryBuilder<Title> {
    const escaped = escapeLike(folded);
    return this.titles
      .createQueryBuilder('title')
      .where(`title.search_text LIKE :contains ESCAPE '\\'`, { contains: `%${escaped}%` })
      .orderBy(
        `CASE WHEN title.search_text LIKE :prefix ESCAPE '\\' THEN 0 WHEN title.search_text LIKE :wordStart ESCAPE '\\' THEN 1 ELSE 2 END`,
      )
      .addOrderBy('similarity(title.search_text, :folded)', 'DESC')
      .addOrderBy('title.name', 'ASC')
      .addOrderBy('title.id', 'ASC')
      .setParameters({ prefix: `${escaped}%`, wordStart: `% ${escaped}%`, folded })
      .limit(limit);
  }
}
