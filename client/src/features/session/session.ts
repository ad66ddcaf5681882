import type { SessionInfo, SessionUser } from '@seyirlik/shared-contracts';
import { atom, useAtomValue, useSetAtom } from 'jotai';

interface SessionState {
  /** False until GET /api/auth/session answered: the header shows neither "Giriş Yap" nor a member yet. */
  loaded: boolean;
  user: SessionUser | null;
  /** The bot check's site key, or null when the server does not ask for it. */
  recaptchaSiteKey: string | null;
}

export const sessionAtom = atom<SessionState>({
  loaded: false,
  user: null,
  recaptchaSiteKey: null,
});

const sessionLoadedAtom = atom(null, (_get, set, info: SessionInfo) => {
  set(sessionAtom, { loaded: true, user: info.user, recaptchaSiteKey: info.recaptchaSiteKey });
});

const sessionUserAtom = atom(null, (get, set, user: SessionUser | null) => {
  set(sessionAtom, { ...get(sessionAtom), loaded: true, user });
});

/** Forgets the member; tells whether there was one to forget. */
const sessionEndedAtom = atom(null, (get, set): boolean => {
  const hadUser = get(sessionAtom).user !== null;
  set(sessionUserAtom, null);
  return hadUser;
});

export function useSession(): SessionState {
  return useAtomValue(sessionAtom);
}

/** The member, or null for a visitor (and while the session is still loading). */
export function useSessionUser(): SessionUser | null {
  return useAtomValue(sessionAtom).user;
}

export function useSetSessionLoaded(): (info: SessionInfo) => void {
  return useSetAtom(sessionLoadedAtom);
}

/** Replaces the member after a login, a profile change or an `account.updated` event; null logs out. */
export function useSetSessionUser(): (user: SessionUser | null) => void {
  return useSetAtom(sessionUserAtom);
}

export function useEndSession(): () => boolean {
  return useSetAtom(sessionEndedAtom);
}
