import { MESSAGES, type LatestEpisode, type LatestEpisodesPage } from '@seyirlik/shared-contracts';
import { useCallback, useState } from 'react';
import { messageOf } from '../session/api';
import { useToast } from '../toast/toasts';
import { fetchLatestEpisodes } from './homeApi';

interface LatestEpisodesList {
  episodes: LatestEpisode[];
  page: number;
  hasMore: boolean;
  loadingMore: boolean;
}

/**
 * The latest episodes from their first page on; `loadMore` asks for the next page number (seed §9).
 * When the last page has come the caller drops its control and 'Listelenecek içerik kalmadı !'
 * is shown as info (seed §8). A failed page is an error toast; the control stays for a retry.
 */
export function useLatestEpisodes(first: LatestEpisodesPage) {
  const toast = useToast();
  const [list, setList] = useState<LatestEpisodesList>({ ...first, loadingMore: false });

  const loadMore = useCallback(() => {
    if (list.loadingMore || !list.hasMore) return;
    const next = list.page + 1;
    setList((state) => ({ ...state, loadingMore: true }));
    fetchLatestEpisodes(next).then(
      (reply) => {
        setList((state) => {
          // An episode that aired meanwhile pushes the pages down by one: show what moved over once.
          const shown = new Set(state.episodes.map((episode) => episode.path));
          const fresh = reply.episodes.filter((episode) => !shown.has(episode.path));
          return { episodes: [...state.episodes, ...fresh], page: next, hasMore: reply.hasMore, loadingMore: false };
        });
        if (!reply.hasMore) toast.info(MESSAGES.noMoreContent);
      },
      (error: unknown) => {
        setList((state) => ({ ...state, loadingMore: false }));
        toast.error(messageOf(error));
      },
    );
  }, [list.hasMore, list.loadingMore, list.page, toast]);

  return { list, loadMore };
}
