/** What other features use of collections: the module and its domain event. */
export { CollectionsModule } from './collections.module';
export type { CollectionCreatedEvent } from './collection-events';
