import { createFileRoute } from '@tanstack/react-router';
import { SKELETON_PENDING } from '../app/routeLoading';
import { loadTitle } from '../features/catalog/catalogApi';
import { TitleNotFound } from '../features/catalog/TitlePage';
import { titleRouteComponent } from '../features/catalog/titleRoute';
import { TitlePageSkeleton } from '../features/catalog/TitlePageSkeleton';

export const Route = createFileRoute('/dizi/$slug')({
  loader: ({ params }) => loadTitle('dizi', params.slug),
  pendingComponent: TitlePageSkeleton,
  pendingMs: SKELETON_PENDING.pendingMs,
  pendingMinMs: SKELETON_PENDING.pendingMinMs,
  component: titleRouteComponent('/dizi/$slug'),
  notFoundComponent: TitleNotFound,
});
