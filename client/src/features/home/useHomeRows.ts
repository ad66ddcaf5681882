import { queryOptions, useQuery } from '@tanstack/react-query';
import { PRELOAD_FRESH_MS } from '../../app/routeLoading';
import { fetchHomeRows } from './homeApi';

/**
 * The home page's rows. A read serves visits for PRELOAD_FRESH_MS (a link's preload, then the
 * visit it announced) and is dropped after as long unseen, so a later visit reads them anew (the
 * latest episodes' pages start from them).
 */
export const homeRowsQuery = queryOptions({
  queryKey: ['home', 'rows'],
  queryFn: fetchHomeRows,
  staleTime: PRELOAD_FRESH_MS,
  gcTime: PRELOAD_FRESH_MS,
});

export function useHomeRows() {
  return useQuery(homeRowsQuery);
}
