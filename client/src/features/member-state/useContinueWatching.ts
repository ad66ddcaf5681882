import type { ContinueWatchingEntry } from '@seyirlik/shared-contracts';
import { useCallback, useEffect, useState } from 'react';
import { ApiError } from '../session/api';
import { useFailureToast } from '../session/useFailureToast';
import { fetchContinueWatching, removeContinueWatching } from './api';

type ContinueWatchingList = { status: 'loading' } | { status: 'failed' } | { status: 'ready'; entries: ContinueWatchingEntry[] };

/** The member's continue-watching entries, fetched once per mount, and their removal. */
export function useContinueWatching() {
  const [list, setList] = useState<ContinueWatchingList>({ status: 'loading' });
  const showFailure = useFailureToast();

  useEffect(() => {
    let current = true;
    fetchContinueWatching().then(
      (entries) => current && setList({ status: 'ready', entries }),
      () => current && setList({ status: 'failed' }),
    );
    return () => {
      current = false;
    };
  }, []);

  const remove = useCallback(
    async (id: number) => {
      const drop = () =>
        setList((previous) =>
          previous.status === 'ready' ? { status: 'ready', entries: previous.entries.filter((entry) => entry.id !== id) } : previous,
        );
      try {
        await removeContinueWatching(id);
        drop();
      } catch (error) {
        // Already gone (removed in another tab): what the member asked for is true.
        if (error instanceof ApiError && error.status === 404) drop();
        else showFailure(error);
      }
    },
    [showFailure],
  );

  return { list, remove };
}
