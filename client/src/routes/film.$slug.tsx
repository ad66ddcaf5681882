import { createFileRoute } from '@tanstack/react-router';
import { loadTitle } from '../features/catalog/catalogApi';
import { TitleNotFound, TitlePage } from '../features/catalog/TitlePage';
import { Loading } from '../ui/Loading';

export const Route = createFileRoute('/film/$slug')({
  loader: ({ params }) => loadTitle('film', params.slug),
  pendingComponent: Loading,
  component: TitleRoute,
  notFoundComponent: TitleNotFound,
});

function TitleRoute() {
  const title = Route.useLoaderData();
  // A new title is a new page: the open description and the chosen season start over.
  return <TitlePage key={title.slug} title={title} />;
}
