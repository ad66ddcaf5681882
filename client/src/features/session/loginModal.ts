import { atom, useAtomValue, useSetAtom } from 'jotai';
import { useMemo } from 'react';

interface LoginModalState {
  open: boolean;
  /** Why the modal opened by itself (a write answered "login required"), shown above the form. */
  reason: string | null;
}

const loginModalAtom = atom<LoginModalState>({ open: false, reason: null });

export function useLoginModalState(): LoginModalState {
  return useAtomValue(loginModalAtom);
}

export function useLoginModal() {
  const setState = useSetAtom(loginModalAtom);
  return useMemo(
    () => ({
      open: (reason: string | null = null) => setState({ open: true, reason }),
      close: () => setState({ open: false, reason: null }),
    }),
    [setState],
  );
}
