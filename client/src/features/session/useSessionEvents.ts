import type { SessionUser } from '@seyirlik/shared-contracts';
import { useEffect } from 'react';
import { TEXT } from '../../app/messages';
import { getSocket, reconnectSocket } from '../realtime/socket';
import { useToast } from '../toast/toasts';
import { useEndSession, useSetSessionUser } from './session';

/**
 * Follows the member's session as the server pushes it: `session.ended` (a logout elsewhere, a
 * password change, expiry) forgets the member and reconnects as a visitor; `account.updated`
 * (a new name or avatar, from any tab) replaces the member shown in the header.
 */
export function useSessionEvents(): void {
  const endSession = useEndSession();
  const setUser = useSetSessionUser();
  const toast = useToast();
  useEffect(() => {
    const socket = getSocket();
    const onSessionEnded = () => {
      // After this tab's own logout the member is already gone, and "Çıkış yapıldı." was said.
      if (endSession()) toast.info(TEXT.session.ended);
      // The server closes this socket next; reopening it now spares the "connection lost" notice.
      reconnectSocket();
    };
    const onAccountUpdated = (user: SessionUser) => setUser(user);
    socket.on('session.ended', onSessionEnded);
    socket.on('account.updated', onAccountUpdated);
    return () => {
      socket.off('session.ended', onSessionEnded);
      socket.off('account.updated', onAccountUpdated);
    };
  }, [endSession, setUser, toast]);
}
