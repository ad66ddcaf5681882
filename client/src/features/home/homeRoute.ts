import type { QueryClient } from '@tanstack/react-query';
import { newTitlesQuery } from '../catalog/useNewTitles';
import { homeRowsQuery } from './useHomeRows';

/**
 * The home route's loader: starts the page's catalog reads (rows, newest titles) without waiting
 * for them. On a link's preload they are read ahead; on a visit the page shows its skeletons while
 * they come, and its hooks take over the reads in flight or their fresh results.
 */
export function preloadHomePage(queryClient: QueryClient): void {
  void queryClient.prefetchQuery(homeRowsQuery);
  void queryClient.prefetchQuery(newTitlesQuery);
}
