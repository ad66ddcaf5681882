import { createFileRoute } from '@tanstack/react-router';
import { SKELETON_PENDING } from '../app/routeLoading';
import { loadTitle } from '../features/catalog/catalogApi';
import { TitleNotFound } from '../features/catalog/TitlePage';
import { titleRouteComponent } from '../features/catalog/titleRoute';
import { TitlePageSkeleton } from '../features/catalog/TitlePageSkeleton';

export const Route = createFileRoute('/film/$slug')({
  loader: ({ params }) => loadTitle('film', params.slug),
  pendingComponent: TitlePageSkeleton,
  pendingMs: SKELETON_PENDING.pendingMs,
  pendingMinMs: SKELETON_PENDING.pendingMinMs,
  component: titleRouteComponent('/film/$slug'),
  notFoundComponent: TitleNotFound,
});
