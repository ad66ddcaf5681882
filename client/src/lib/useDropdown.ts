import { useRouterState } from '@tanstack/react-router';
import { useCallback, useEffect, useId, useRef, useState } from 'react';

/**
 * The state of a header dropdown (the member's menu, the notifications): open or not, closed on
 * Escape (focus goes back to its toggle), on a pointer press outside its root and whenever the
 * page changes. Put `rootRef` on the element around the toggle and the panel, `toggleRef` on the
 * toggle and `panelId` on the panel.
 */
export function useDropdown() {
  const location = useRouterState({ select: (state) => state.location.href });
  const [openedAt, setOpenedAt] = useState<string | null>(null);
  const open = openedAt === location;
  const rootRef = useRef<HTMLDivElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const panelId = useId();

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpenedAt(null);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpenedAt(null);
      toggleRef.current?.focus();
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [open]);

  const setOpen = useCallback((next: boolean) => setOpenedAt(next ? location : null), [location]);
  return { open, setOpen, rootRef, toggleRef, panelId };
}
