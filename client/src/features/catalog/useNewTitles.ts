import { queryOptions, useQuery } from '@tanstack/react-query';
import { PRELOAD_FRESH_MS } from '../../app/routeLoading';
import { fetchNewTitles } from './catalogApi';

/** The newest titles for the home page, read as the home rows are (useHomeRows). */
export const newTitlesQuery = queryOptions({
  queryKey: ['titles', 'newest'],
  queryFn: () => fetchNewTitles(),
  staleTime: PRELOAD_FRESH_MS,
  gcTime: PRELOAD_FRESH_MS,
});

export function useNewTitles() {
  return useQuery(newTitlesQuery);
}
