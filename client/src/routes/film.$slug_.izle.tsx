import { createFileRoute } from '@tanstack/react-router';
import { TitleNotFound } from '../features/catalog/TitlePage';
import { loadWatch } from '../features/watch/watchApi';
import { watchRouteComponent } from '../features/watch/watchRoute';
import { validateWatchSearch } from '../features/watch/watchSearch';
import { Loading } from '../ui/Loading';

export const Route = createFileRoute('/film/$slug_/izle')({
  loader: ({ params }) => loadWatch('film', params.slug, '1', '1'),
  validateSearch: validateWatchSearch,
  pendingComponent: Loading,
  component: watchRouteComponent('/film/$slug_/izle'),
  notFoundComponent: TitleNotFound,
});
