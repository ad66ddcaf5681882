import type { MyAccount } from '@seyirlik/shared-contracts';
import { useCallback, useEffect, useState } from 'react';
import { useSetSessionUser } from '../session/session';
import { fetchMyAccount } from './settingsApi';

type AccountState =
  { status: 'loading' } | { status: 'failed' } | { status: 'ready'; account: MyAccount };

/**
 * The member's own account (GET /api/me) for the settings page. `accountSaved` takes the account a
 * save answered with and passes the new name and avatar on to the header at once.
 */
export function useMyAccount() {
  const setSessionUser = useSetSessionUser();
  const [state, setState] = useState<AccountState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let current = true;
    fetchMyAccount().then(
      (account) => current && setState({ status: 'ready', account }),
      () => current && setState({ status: 'failed' }),
    );
    return () => {
      current = false;
    };
  }, [attempt]);

  const retry = useCallback(() => {
    setState({ status: 'loading' });
    setAttempt((count) => count + 1);
  }, []);

  const accountSaved = useCallback(
    (account: MyAccount) => {
      setState({ status: 'ready', account });
      setSessionUser({
        id: account.id,
        username: account.username,
        profileName: account.profileName,
        avatarUrl: account.avatarUrl,
      });
    },
    [setSessionUser],
  );

  return { state, retry, accountSaved };
}
