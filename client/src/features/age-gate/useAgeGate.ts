import { useNavigate } from '@tanstack/react-router';
import { useCallback, useState } from 'react';
import { hasConfirmedAge, rememberAgeConfirmed } from './ageCookie';

/** The age gate's state (seed §4): confirming sets the cookies and opens the gate; refusing goes home. */
export function useAgeGate() {
  const navigate = useNavigate();
  const [confirmed, setConfirmed] = useState(hasConfirmedAge);

  const confirm = useCallback(() => {
    rememberAgeConfirmed();
    setConfirmed(true);
  }, []);

  const refuse = useCallback(() => void navigate({ to: '/' }), [navigate]);

  return { confirmed, confirm, refuse };
}
