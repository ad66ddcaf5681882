import { MESSAGES, type TitleCard } from '@seyirlik/shared-contracts';
import { useCallback, useEffect, useState } from 'react';
import { messageOf } from '../../lib/api';
import { useToast } from '../toast/toasts';
import { fetchDiscoverPage } from './discoverApi';

interface DiscoverList {
  /** The encoded filter this list is for. */
  filter: string;
  status: 'loading' | 'ready' | 'failed';
  titles: TitleCard[];
  page: number;
  hasMore: boolean;
  /** The server's note about a broken filter, or a failed first load. */
  message?: string;
  loadingMore: boolean;
}

/**
 * The discover list for an encoded filter: its first page, then one more page per call of
 * `loadMore`. When the last page has come, "Listelenecek içerik kalmadı !" is shown (seed §8).
 */
export function useDiscoverList(filter: string) {
  const toast = useToast();
  const [list, setList] = useState<DiscoverList>({ filter, status: 'loading', titles: [], page: 0, hasMore: false, loadingMore: false });

  useEffect(() => {
    let current = true;
    setList({ filter, status: 'loading', titles: [], page: 0, hasMore: false, loadingMore: false });
    fetchDiscoverPage(filter, 1).then(
      (reply) =>
        current &&
        setList({ filter, status: 'ready', titles: reply.titles, page: 1, hasMore: reply.hasMore, message: reply.message, loadingMore: false }),
      (error: unknown) =>
        current && setList({ filter, status: 'failed', titles: [], page: 0, hasMore: false, message: messageOf(error), loadingMore: false }),
    );
    return () => {
      current = false;
    };
  }, [filter]);

  const loadMore = useCallback(() => {
    if (list.loadingMore || !list.hasMore) return;
    const next = list.page + 1;
    setList((state) => ({ ...state, loadingMore: true }));
    fetchDiscoverPage(filter, next).then(
      (reply) => {
        setList((state) =>
          state.filter === filter
            ? { ...state, titles: [...state.titles, ...reply.titles], page: next, hasMore: reply.hasMore, loadingMore: false }
            : state,
        );
        if (!reply.hasMore) toast.info(MESSAGES.noMoreContent);
      },
      (error: unknown) => {
        setList((state) => (state.filter === filter ? { ...state, loadingMore: false } : state));
        toast.error(messageOf(error));
      },
    );
  }, [filter, list.hasMore, list.loadingMore, list.page, toast]);

  return { list: list.filter === filter ? list : { ...list, status: 'loading' as const, titles: [] }, loadMore };
}
