import { useEffect } from 'react';
import { useSetSessionLoaded } from './session';
import { fetchSession } from './sessionApi';

/** Asks the server who the visitor is, once, when the app starts; an unreachable server means a visitor. */
export function useSessionLoader(): void {
  const setLoaded = useSetSessionLoaded();
  useEffect(() => {
    let current = true;
    fetchSession().then(
      (info) => current && setLoaded(info),
      () => current && setLoaded({ user: null, recaptchaSiteKey: null }),
    );
    return () => {
      current = false;
    };
  }, [setLoaded]);
}
