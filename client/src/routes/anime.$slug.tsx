import { createFileRoute } from '@tanstack/react-router';
import { loadTitle } from '../features/catalog/catalogApi';
import { TitleNotFound } from '../features/catalog/TitlePage';
import { titleRouteComponent } from '../features/catalog/titleRoute';
import { Loading } from '../ui/Loading';

export const Route = createFileRoute('/anime/$slug')({
  loader: ({ params }) => loadTitle('anime', params.slug),
  pendingComponent: Loading,
  component: titleRouteComponent('/anime/$slug'),
  notFoundComponent: TitleNotFound,
});
