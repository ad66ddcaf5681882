import { Controller, type OnModuleInit } from '@nestjs/common';
import {
  COLLECTION_MESSAGES as M,
  legacyCollectionDeleteSchema,
  legacyCollectionSearchSchema,
  legacyCollectionSetSchema,
  legacySetCollectionSchema,
} from '@seyirlik/shared-contracts';
import { LegacyCallRegistry } from '../platform/http/legacy-call.registry';
import { CollectionsService } from './collections.service';
import { renderCollectionSearch } from './theme/render-collection-search';

/**
 * The seed's collection calls (§7); all need a login (visitors get the session flag).
 * `/collection/set` (list as JSON, name, desc) → `message`, `link` (the new collection's page).
 * `/set/collection` (collection_id, list as JSON; the owner's new order) → `message`, `link`.
 * `/collection/delete` (collection_id) → `message`, `go` (the collections list).
 * `/collection/search` (query) → `theme` (the titles found, each with its Ekle button), or
 * `success` false and `message` 'Listelenecek içerik bulunamadı' when none matches.
 */
@Controller()
export class CollectionsLegacyController implements OnModuleInit {
  constructor(
    private readonly collections: CollectionsService,
    private readonly legacy: LegacyCallRegistry,
  ) {}

  onModuleInit(): void {
    this.legacy.register({
      path: '/collection/set',
      login: true,
      schema: legacyCollectionSetSchema,
      handle: async (fields, { viewer }) => {
        const { link, message } = await this.collections.create(viewer.user.id, fields);
        return { message, link };
      },
    });

    this.legacy.register({
      path: '/set/collection',
      login: true,
      schema: legacySetCollectionSchema,
      handle: async ({ collectionId, titleIds }, { viewer }) => {
        const { collection, message } = await this.collections.update(viewer.user.id, collectionId, { titleIds });
        return { message, link: collection.link };
      },
    });

    this.legacy.register({
      path: '/collection/delete',
      login: true,
      schema: legacyCollectionDeleteSchema,
      handle: async ({ collection_id }, { viewer }) => {
        const { message, go } = await this.collections.delete(viewer.user.id, collection_id);
        return { message, go };
      },
    });

    this.legacy.register({
      path: '/collection/search',
      login: true,
      schema: legacyCollectionSearchSchema,
      handle: async ({ query }) => {
        const { titles } = await this.collections.searchTitles(query);
        return titles.length === 0 ? { success: false, message: M.noResults } : { theme: renderCollectionSearch(titles) };
      },
    });
  }
}
