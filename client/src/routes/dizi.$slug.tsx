import { createFileRoute } from '@tanstack/react-router';
import { loadTitle } from '../features/catalog/catalogApi';
import { TitleNotFound } from '../features/catalog/TitlePage';
import { titleRouteComponent } from '../features/catalog/titleRoute';
import { Loading } from '../ui/Loading';

export const Route = createFileRoute('/dizi/$slug')({
  loader: ({ params }) => loadTitle('dizi', params.slug),
  pendingComponent: Loading,
  component: titleRouteComponent('/dizi/$slug'),
  notFoundComponent: TitleNotFound,
});
