import { useCallback } from 'react';
import { useToast } from '../toast/toasts';
import { ApiError, messageOf } from './api';

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
