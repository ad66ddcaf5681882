import { createFileRoute } from '@tanstack/react-router';
import { CollectionsPage } from '../features/collections/CollectionsPage';

/** The collections list: newest or most followed, and creating a collection. */
export const Route = createFileRoute('/koleksiyonlar/')({
  component: CollectionsPage,
});
