import { useEffect, useState } from 'react';

const SECOND = 1000;

export interface CountdownParts {
  days: number;
  hours: number;
  minutes: number;
  seconds: number;
}

/** Whole days, hours, minutes and seconds in `ms`, rounded up so the last second shows 1, not 0. */
export function countdownParts(ms: number): CountdownParts {
  const total = Math.max(0, Math.ceil(ms / SECOND));
  return {
    days: Math.floor(total / 86_400),
    hours: Math.floor((total % 86_400) / 3_600),
    minutes: Math.floor((total % 3_600) / 60),
    seconds: total % 60,
  };
}

/**
 * The time left until `target` (an ISO time), read again every second; 0 once it has passed, and
 * then it stops ticking. Each tick reads the clock, so a throttled background tab never drifts.
 */
export function useCountdown(target: string): number {
  const targetMs = Date.parse(target);
  const [remaining, setRemaining] = useState(() => Math.max(0, targetMs - Date.now()));

  useEffect(() => {
    const read = () => Math.max(0, targetMs - Date.now());
    setRemaining(read());
    if (read() === 0) return;
    const timer = setInterval(() => {
      const left = read();
      setRemaining(left);
      if (left === 0) clearInterval(timer);
    }, SECOND);
    return () => clearInterval(timer);
  }, [targetMs]);

  return remaining;
}
