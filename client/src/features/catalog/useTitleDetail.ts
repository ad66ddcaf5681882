import type { TitleKind } from '@seyirlik/shared-contracts';
import { useQuery } from '@tanstack/react-query';
import { PRELOAD_FRESH_MS } from '../../app/routeLoading';
import { fetchTitle } from './catalogApi';

/**
 * A title's seasons and episodes for a page other than its own (the watch page's episode list),
 * read once for the visits of PRELOAD_FRESH_MS. Undefined while it loads, and when it cannot be
 * read (seed §8: the page stands without it).
 */
export function useTitleDetail(title: { kind: TitleKind; slug: string }) {
  return useQuery({
    queryKey: ['titles', title.kind, title.slug],
    queryFn: () => fetchTitle(title.kind, title.slug),
    staleTime: PRELOAD_FRESH_MS,
    gcTime: PRELOAD_FRESH_MS,
  }).data;
}
