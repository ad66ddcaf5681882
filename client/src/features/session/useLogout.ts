import { useCallback } from 'react';
import { ApiError } from '../../lib/api';
import { reconnectSocket } from '../realtime/socket';
import { useToast } from '../toast/toasts';
import { useSessionUser, useSetSessionUser } from './session';
import { logout as logoutCall } from './sessionApi';

/**
 * Logs out. The member disappears at once, with the menu that held the button: the server tells
 * this tab's socket `session.ended` before it answers, and finding nobody there it says nothing
 * more than "Çıkış yapıldı.". A failed call brings the member back.
 */
export function useLogout(): () => Promise<void> {
  const user = useSessionUser();
  const setUser = useSetSessionUser();
  const toast = useToast();
  return useCallback(async () => {
    setUser(null);
    try {
      const { message } = await logoutCall();
      reconnectSocket();
      toast.success(message);
    } catch (error) {
      setUser(user);
      if (error instanceof ApiError) toast.error(error.message);
    }
  }, [setUser, toast, user]);
}
