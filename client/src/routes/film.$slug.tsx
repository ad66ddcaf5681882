import { createFileRoute } from '@tanstack/react-router';
import { loadTitle } from '../features/catalog/catalogApi';
import { TitleNotFound } from '../features/catalog/TitlePage';
import { titleRouteComponent } from '../features/catalog/titleRoute';
import { Loading } from '../ui/Loading';

export const Route = createFileRoute('/film/$slug')({
  loader: ({ params }) => loadTitle('film', params.slug),
  pendingComponent: Loading,
  component: titleRouteComponent('/film/$slug'),
  notFoundComponent: TitleNotFound,
});
