import { useCallback, useState } from 'react';

/**
 * Whether a control's call is under way (seed §4: a control is loading and disabled during its
 * call and restored afterwards, also when the call fails). The call reports its own failure.
 */
export function usePendingCall(): [pending: boolean, run: (call: () => Promise<void>) => Promise<void>] {
  const [pending, setPending] = useState(false);
  const run = useCallback(async (call: () => Promise<void>) => {
    setPending(true);
    try {
      await call();
    } finally {
      setPending(false);
    }
  }, []);
  return [pending, run];
}
