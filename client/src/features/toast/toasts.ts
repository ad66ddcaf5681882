import { atom, useAtomValue, useSetAtom } from 'jotai';
import { useMemo } from 'react';

export type ToastKind = 'success' | 'error' | 'info';

export interface Toast {
  id: number;
  kind: ToastKind;
  message: string;
}

const toastsAtom = atom<readonly Toast[]>([]);

let nextToastId = 1;

const showToastAtom = atom(null, (get, set, kind: ToastKind, message: string) => {
  set(toastsAtom, [...get(toastsAtom), { id: nextToastId++, kind, message }]);
});

const dismissToastAtom = atom(null, (get, set, id: number) => {
  set(
    toastsAtom,
    get(toastsAtom).filter((toast) => toast.id !== id),
  );
});

/** Shows a notification; the Toaster removes it after LIMITS.toastDurationMs. */
export function useToast() {
  const show = useSetAtom(showToastAtom);
  return useMemo(
    () => ({
      success: (message: string) => show('success', message),
      error: (message: string) => show('error', message),
      info: (message: string) => show('info', message),
    }),
    [show],
  );
}

export function useToasts(): readonly Toast[] {
  return useAtomValue(toastsAtom);
}

export function useDismissToast(): (id: number) => void {
  return useSetAtom(dismissToastAtom);
}
