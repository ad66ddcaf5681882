import { createFileRoute } from '@tanstack/react-router';
import { TitleNotFound } from '../features/catalog/TitlePage';
import { WatchPage } from '../features/watch/WatchPage';
import { loadWatch } from '../features/watch/watchApi';
import { validateWatchSearch } from '../features/watch/watchSearch';
import { Loading } from '../ui/Loading';

export const Route = createFileRoute('/film/$slug_/izle')({
  loader: ({ params }) => loadWatch('film', params.slug, '1', '1'),
  validateSearch: validateWatchSearch,
  pendingComponent: Loading,
  component: WatchRoute,
  notFoundComponent: TitleNotFound,
});

function WatchRoute() {
  const watch = Route.useLoaderData();
  const { t } = Route.useSearch();
  return <WatchPage key={watch.path} watch={watch} startAt={t} />;
}
