import { createFileRoute } from '@tanstack/react-router';
import { TitleNotFound } from '../features/catalog/TitlePage';
import { loadWatch } from '../features/watch/watchApi';
import { watchRouteComponent } from '../features/watch/watchRoute';
import { validateWatchSearch } from '../features/watch/watchSearch';
import { Loading } from '../ui/Loading';

export const Route = createFileRoute('/anime/$slug_/{$season}-sezon/{$episode}-bolum')({
  loader: ({ params }) => loadWatch('anime', params.slug, params.season, params.episode),
  validateSearch: validateWatchSearch,
  pendingComponent: Loading,
  component: watchRouteComponent('/anime/$slug_/{$season}-sezon/{$episode}-bolum'),
  notFoundComponent: TitleNotFound,
});
