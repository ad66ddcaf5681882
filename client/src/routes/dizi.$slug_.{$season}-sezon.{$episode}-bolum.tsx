import { createFileRoute } from '@tanstack/react-router';
import { TitleNotFound } from '../features/catalog/TitlePage';
import { WatchPage } from '../features/watch/WatchPage';
import { loadWatch } from '../features/watch/watchApi';
import { validateWatchSearch } from '../features/watch/watchSearch';
import { Loading } from '../ui/Loading';

export const Route = createFileRoute('/dizi/$slug_/{$season}-sezon/{$episode}-bolum')({
  loader: ({ params }) => loadWatch('dizi', params.slug, params.season, params.episode),
  validateSearch: validateWatchSearch,
  pendingComponent: Loading,
  component: WatchRoute,
  notFoundComponent: TitleNotFound,
});

function WatchRoute() {
  const watch = Route.useLoaderData();
  const { t } = Route.useSearch();
  // A new episode is a new page: its ads, source and player start over.
  return <WatchPage key={watch.path} watch={watch} startAt={t} />;
}
