import { lazy, Suspense, useEffect } from 'react';
import { useLoginModal, useLoginModalState } from './loginModal';
import { useSession } from './session';

// The modal's form brings react-hook-form and the zod schemas, so it loads on first use only.
const loadLoginModal = () => import('../auth/LoginModal');

const LoginModal = lazy(() => loadLoginModal().then(({ LoginModal }) => ({ default: LoginModal })));

/** Starts loading the modal early, when the visitor is about to open it. */
export function preloadLoginModal(): void {
  void loadLoginModal();
}

/**
 * Renders the login modal while `useLoginModal().open()` has it open, to visitors only. A members'
 * button clicked while the session is still loading asks for it as if for a visitor: it shows once
 * the server says there is no member, and a member is not asked to log in (the request is dropped).
 */
export function LoginModalHost() {
  const { open, reason } = useLoginModalState();
  const { loaded, user } = useSession();
  const loginModal = useLoginModal();
  const askedOfMember = open && loaded && user !== null;
  useEffect(() => {
    if (askedOfMember) loginModal.close();
  }, [askedOfMember, loginModal]);
  if (!open || !loaded || user !== null) return null;
  return (
    <Suspense fallback={null}>
      <LoginModal reason={reason} onClose={loginModal.close} />
    </Suspense>
  );
}
