import { createFileRoute } from '@tanstack/react-router';
import { SKELETON_PENDING } from '../app/routeLoading';
import { TitleNotFound } from '../features/catalog/TitlePage';
import { loadWatch } from '../features/watch/watchApi';
import { watchRouteComponent } from '../features/watch/watchRoute';
import { validateWatchSearch } from '../features/watch/watchSearch';
import { WatchPageSkeleton } from '../features/watch/WatchPageSkeleton';

export const Route = createFileRoute('/film/$slug_/izle')({
  loader: ({ params }) => loadWatch('film', params.slug, '1', '1'),
  validateSearch: validateWatchSearch,
  pendingComponent: WatchPageSkeleton,
  pendingMs: SKELETON_PENDING.pendingMs,
  pendingMinMs: SKELETON_PENDING.pendingMinMs,
  component: watchRouteComponent('/film/$slug_/izle'),
  notFoundComponent: TitleNotFound,
});
