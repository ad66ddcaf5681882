import { MESSAGES, type LatestEpisode, type LatestEpisodesPage } from '@seyirlik/shared-contracts';
import { useInfiniteQuery, type InfiniteData } from '@tanstack/react-query';
import { useCallback } from 'react';
import { messageOf } from '../../lib/api';
import { useToast } from '../toast/toasts';
import { fetchLatestEpisodes } from './homeApi';

/** The pages as one list: an episode that aired meanwhile pushes the pages down by one, and what moved over shows once. */
function episodesOf(data: InfiniteData<LatestEpisodesPage, number>): LatestEpisode[] {
  const shown = new Set<string>();
  return data.pages.flatMap((page) => page.episodes.filter((episode) => !shown.has(episode.path) && shown.add(episode.path)));
}

/**
 * The latest episodes from their first page (which comes with the home rows) on; `loadMore` asks
 * for the next page number (seed §9). When the last page has come the caller drops its control and
 * 'Listelenecek içerik kalmadı !' is shown as info (seed §8). A failed page is an error toast; the
 * control stays for a retry.
 */
export function useLatestEpisodes(first: LatestEpisodesPage) {
  const toast = useToast();
  const latest = useInfiniteQuery({
    queryKey: ['home', 'latestEpisodes'],
    queryFn: ({ pageParam }) => fetchLatestEpisodes(pageParam),
    initialPageParam: first.page,
    getNextPageParam: (last) => (last.hasMore ? last.page + 1 : undefined),
    initialData: { pages: [first], pageParams: [first.page] },
    select: episodesOf,
    // The first page is the home rows' and, like them, read anew on each visit.
    staleTime: Infinity,
    gcTime: 0,
  });

  const { hasNextPage, isFetchingNextPage, fetchNextPage } = latest;
  const loadMore = useCallback(() => {
    if (isFetchingNextPage || !hasNextPage) return;
    fetchNextPage({ throwOnError: true }).then(
      (result) => {
        if (!result.hasNextPage) toast.info(MESSAGES.noMoreContent);
      },
      (error: unknown) => toast.error(messageOf(error)),
    );
  }, [hasNextPage, isFetchingNextPage, fetchNextPage, toast]);

  return { list: { episodes: latest.data, hasMore: hasNextPage, loadingMore: isFetchingNextPage }, loadMore };
}
