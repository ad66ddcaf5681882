import { useCallback, useEffect, useState } from 'react';
import { useSessionUser } from '../session/session';

/** Where a member's "Giriş ve özetleri otomatik atla" is kept: this browser's storage, per member. */
const storageKey = (memberId: number) => `seyirlik.auto-skip.${memberId}`;

function storedChoice(memberId: number | null): boolean {
  if (memberId === null) return false;
  try {
    return window.localStorage.getItem(storageKey(memberId)) === '1';
  } catch {
    // Storage refused (a private window's settings): the choice lasts as long as the page.
    return false;
  }
}

/** The member's choice to skip intros and recaps by themselves; always off for a visitor. */
export function useAutoSkip(): { on: boolean; set: (on: boolean) => void } {
  const memberId = useSessionUser()?.id ?? null;
  const [on, setOn] = useState(() => storedChoice(memberId));
  useEffect(() => setOn(storedChoice(memberId)), [memberId]);
  const set = useCallback(
    (next: boolean) => {
      setOn(next);
      if (memberId === null) return;
      try {
        window.localStorage.setItem(storageKey(memberId), next ? '1' : '0');
      } catch {
        // See storedChoice.
      }
    },
    [memberId],
  );
  return { on: memberId !== null && on, set };
}
