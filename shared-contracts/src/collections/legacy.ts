import { z } from 'zod';
import { collectionFieldsSchema, collectionIdSchema, collectionListSchema, collectionSearchTextSchema } from './schemas';

// The collections' legacy calls (§7), with the seed's field names.

/** `/collection/set`: `list` (JSON), `name`, `desc` → `message`, `link`. */
export const legacyCollectionSetSchema = collectionFieldsSchema;

/** `/set/collection`: `collection_id`, `list` as JSON: the collection's titles in their new order. */
export const legacySetCollectionSchema = z
  .looseObject({ collection_id: collectionIdSchema, list: collectionListSchema })
  .transform((input) => ({ collectionId: input.collection_id, titleIds: input.list }));

/** `/collection/delete`: `collection_id`. */
export const legacyCollectionDeleteSchema = z.looseObject({ collection_id: collectionIdSchema });

/** `/collection/search`: `query`, from 2 characters → `theme`, or `message` when nothing matches. */
export const legacyCollectionSearchSchema = z.looseObject({ query: collectionSearchTextSchema });
