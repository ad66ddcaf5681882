import { useCallback, useEffect, useRef } from 'react';

/**
 * Tells others that the viewer is typing, through `announce`: at a keystroke, again every half
 * `timeoutMs` while the keystrokes go on (so the others' indicator does not expire), and "stopped"
 * after a full `timeoutMs` without one, when the message is sent, or when the composer goes away.
 */
export function useTypingSignal(announce: (typing: boolean) => void, timeoutMs: number): { typed: () => void; stopped: () => void } {
  const lastAnnounced = useRef<number | null>(null);
  const idle = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const latest = useRef(announce);
  latest.current = announce;

  const stopped = useCallback(() => {
    clearTimeout(idle.current);
    if (lastAnnounced.current === null) return;
    lastAnnounced.current = null;
    latest.current(false);
  }, []);

  const typed = useCallback(() => {
    const now = Date.now();
    if (lastAnnounced.current === null || now - lastAnnounced.current >= timeoutMs / 2) {
      lastAnnounced.current = now;
      latest.current(true);
    }
    clearTimeout(idle.current);
    idle.current = setTimeout(stopped, timeoutMs);
  }, [stopped, timeoutMs]);

  // Leaving the page mid-sentence is stopping.
  useEffect(() => stopped, [stopped]);

  return { typed, stopped };
}
