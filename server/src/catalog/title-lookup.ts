import { HttpStatus } from '@nestjs/common';
import { CATALOG_MESSAGES, CATALOG_RULES, TITLE_KINDS, type TitleKind } from '@seyirlik/shared-contracts';
import type { DataSource, Repository } from 'typeorm';
import { AppException } from '../platform/http/app-exception';
import { Title } from './entities/title.entity';

/** Whether /{kind}/{slug} can be a title's address: a kind and a well-formed slug. Anything else is never looked up. */
export function isTitleAddress(kind: string, slug: string): kind is TitleKind {
  return (TITLE_KINDS as readonly string[]).includes(kind) && slug.length <= CATALOG_RULES.slugMaxLength && CATALOG_RULES.slugPattern.test(slug);
}

/** The Turkish 404 of an address that names no title. */
export function titleNotFound(): AppException {
  return new AppException(HttpStatus.NOT_FOUND, CATALOG_MESSAGES.titleNotFound);
}

/** A title as other features know it: its id and kind (they hold no catalog entity). */
export interface TitleReference {
  id: number;
  kind: TitleKind;
}

/** The title at /{kind}/{slug}, for other features; 404 in Turkish otherwise. */
export async function titleReferenceAt(dataSource: DataSource, kind: string, slug: string): Promise<TitleReference> {
  const { id, kind: titleKind } = await findTitleByAddress(dataSource.getRepository(Title), kind, slug);
  return { id, kind: titleKind };
}

/** The title at /{kind}/{slug}; 404 in Turkish otherwise. */
export async function findTitleByAddress(titles: Repository<Title>, kind: string, slug: string): Promise<Title> {
  const title = isTitleAddress(kind, slug) ? await titles.findOne({ where: { kind, slug } }) : null;
  if (!title) throw titleNotFound();
  return title;
}
