import type { SessionUser } from '@seyirlik/shared-contracts';
import { useCallback } from 'react';
import { reconnectSocket } from '../realtime/socket';
import { useToast } from '../toast/toasts';
import { useSetSessionUser } from './session';

/** After a login or a registration: keep the member, reconnect the socket as them, say the server's message. */
export function useSignIn(): (user: SessionUser, message: string) => void {
  const setUser = useSetSessionUser();
  const toast = useToast();
  return useCallback(
    (user, message) => {
      setUser(user);
      reconnectSocket();
      toast.success(message);
    },
    [setUser, toast],
  );
}
