import { useCallback } from 'react';
import { ApiError, messageOf } from '../../lib/api';
import { useToast } from '../toast/toasts';

/** Shows why a call failed as an error toast, unless the login modal opened and says it already. */
export function useFailureToast(): (error: unknown) => void {
  const toast = useToast();
  return useCallback(
    (error: unknown) => {
      if (error instanceof ApiError && error.loginPrompted) return;
      toast.error(messageOf(error));
    },
    [toast],
  );
}
