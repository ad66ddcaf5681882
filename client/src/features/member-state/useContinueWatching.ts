import type { ContinueWatchingEntry } from '@seyirlik/shared-contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { ApiError } from '../../lib/api';
import { useFailureToast } from '../session/useFailureToast';
import { fetchContinueWatching, removeContinueWatching } from './api';

/** The member's continue-watching entries (read again on each visit, the cached ones shown meanwhile) and their removal. */
export function useContinueWatching(memberId: number) {
  const queryClient = useQueryClient();
  const showFailure = useFailureToast();
  const queryKey = ['continueWatching', memberId] as const;
  const list = useQuery({ queryKey, queryFn: fetchContinueWatching });

  const { mutateAsync } = useMutation({
    mutationFn: (id: number) =>
      removeContinueWatching(id).catch((error: unknown) => {
        // Already gone (removed in another tab): what the member asked for is true.
        if (!(error instanceof ApiError && error.status === 404)) throw error;
      }),
    onSuccess: (_, id) => queryClient.setQueryData<ContinueWatchingEntry[]>(queryKey, (entries) => entries?.filter((entry) => entry.id !== id)),
    onError: showFailure,
  });

  /** Removes an entry; a failure is shown here, so the caller only waits. */
  const remove = useCallback((id: number) => mutateAsync(id).catch(() => undefined), [mutateAsync]);

  return { entries: list.data, remove };
}
