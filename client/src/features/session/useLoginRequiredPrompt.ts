import { useEffect } from 'react';
import { onLoginRequired } from '../../lib/api';
import { useLoginModal } from './loginModal';
import { useEndSession } from './session';

/**
 * The client's half of "login required" (seed §6): any 401 means the session is gone, so the
 * member is forgotten; a 401 from a write opens the login modal with the server's message.
 */
export function useLoginRequiredPrompt(): void {
  const endSession = useEndSession();
  const loginModal = useLoginModal();
  useEffect(
    () =>
      onLoginRequired(({ write, message }) => {
        endSession();
        if (write) loginModal.open(message);
        return write;
      }),
    [endSession, loginModal],
  );
}
