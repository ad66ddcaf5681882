import { HttpStatus } from '@nestjs/common';
import { CATALOG_MESSAGES, CATALOG_RULES, TITLE_KINDS, type TitleKind } from '@seyirlik/shared-contracts';
import type { Repository } from 'typeorm';
import { AppException } from '../platform/http/app-exception';
import type { Title } from './entities/title.entity';

/** The title at /{kind}/{slug}; anything that is not a kind and a well-formed slug is not looked up. 404 in Turkish otherwise. */
export async function findTitleByAddress(titles: Repository<Title>, kind: string, slug: string): Promise<Title> {
  const title =
    (TITLE_KINDS as readonly string[]).includes(kind) && slug.length <= CATALOG_RULES.slugMaxLength && CATALOG_RULES.slugPattern.test(slug)
      ? await titles.findOne({ where: { kind: kind as TitleKind, slug } })
      : null;
  if (!title) throw new AppException(HttpStatus.NOT_FOUND, CATALOG_MESSAGES.titleNotFound);
  return title;
}
