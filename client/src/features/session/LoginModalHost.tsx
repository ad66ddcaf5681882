import { lazy, Suspense } from 'react';
import { useLoginModal, useLoginModalState } from './loginModal';

// The modal's form brings react-hook-form and the zod schemas, so it loads on first use only.
const loadLoginModal = () => import('../auth/LoginModal');

const LoginModal = lazy(() => loadLoginModal().then(({ LoginModal }) => ({ default: LoginModal })));

/** Starts loading the modal early, when the visitor is about to open it. */
export function preloadLoginModal(): void {
  void loadLoginModal();
}

/** Renders the login modal while `useLoginModal().open()` has it open. */
export function LoginModalHost() {
  const { open, reason } = useLoginModalState();
  const loginModal = useLoginModal();
  if (!open) return null;
  return (
    <Suspense fallback={null}>
      <LoginModal reason={reason} onClose={loginModal.close} />
    </Suspense>
  );
}
