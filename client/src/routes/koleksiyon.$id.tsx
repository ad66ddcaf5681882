import { COLLECTION_MESSAGES as M } from '@seyirlik/shared-contracts';
import { createFileRoute } from '@tanstack/react-router';
import { CollectionPage } from '../features/collections/CollectionPage';

const ID = /^[1-9][0-9]{0,9}$/;

/** A collection's page. */
export const Route = createFileRoute('/koleksiyon/$id')({
  component: CollectionRoute,
});

function CollectionRoute() {
  const { id } = Route.useParams();
  if (!ID.test(id)) return <p role="alert">{M.collectionNotFound}</p>;
  // Another collection is another page.
  return <CollectionPage key={id} id={Number(id)} />;
}
