import { createFileRoute } from '@tanstack/react-router';
import { SKELETON_PENDING } from '../app/routeLoading';
import { TitleNotFound } from '../features/catalog/TitlePage';
import { loadWatch } from '../features/watch/watchApi';
import { watchRouteComponent } from '../features/watch/watchRoute';
import { validateWatchSearch } from '../features/watch/watchSearch';
import { WatchPageSkeleton } from '../features/watch/WatchPageSkeleton';

export const Route = createFileRoute('/anime/$slug_/{$season}-sezon/{$episode}-bolum')({
  loader: ({ params }) => loadWatch('anime', params.slug, params.season, params.episode),
  validateSearch: validateWatchSearch,
  pendingComponent: WatchPageSkeleton,
  pendingMs: SKELETON_PENDING.pendingMs,
  pendingMinMs: SKELETON_PENDING.pendingMinMs,
  component: watchRouteComponent('/anime/$slug_/{$season}-sezon/{$episode}-bolum'),
  notFoundComponent: TitleNotFound,
});
