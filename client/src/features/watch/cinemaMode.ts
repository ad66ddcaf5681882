import { atom, useAtom, useAtomValue, useSetAtom } from 'jotai';
import { type RefObject, useEffect, useMemo } from 'react';

/** Cinema mode (seed §4): the player alone, the page's other blocks and the side bar hidden. */
const cinemaModeAtom = atom(false);

/** The class that hides the side bar while cinema mode is on (it lives outside the watch page). */
export const CINEMA_BODY_CLASS = 'cinema-mode';

export function useCinemaMode() {
  const [on, setOn] = useAtom(cinemaModeAtom);
  return useMemo(() => ({ on, toggle: () => setOn((value) => !value), off: () => setOn(false) }), [on, setOn]);
}

/**
 * While cinema mode is on: the body carries CINEMA_BODY_CLASS, and a click anywhere outside
 * `stage` (the player and its controls) turns it off. Leaving the page turns it off too.
 */
export function useCinemaModeEffects(stage: RefObject<HTMLElement | null>): void {
  const on = useAtomValue(cinemaModeAtom);
  const setOn = useSetAtom(cinemaModeAtom);
  useEffect(() => {
    if (!on) return undefined;
    document.body.classList.add(CINEMA_BODY_CLASS);
    const onClick = (event: MouseEvent) => {
      if (!(event.target instanceof Node) || !stage.current?.contains(event.target)) setOn(false);
    };
    document.addEventListener('click', onClick);
    return () => {
      document.body.classList.remove(CINEMA_BODY_CLASS);
      document.removeEventListener('click', onClick);
    };
  }, [on, setOn, stage]);
  useEffect(() => () => setOn(false), [setOn]);
}
