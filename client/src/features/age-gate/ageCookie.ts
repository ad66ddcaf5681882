import { COOKIES, LIMITS } from '@seyirlik/shared-contracts';

const SECONDS_PER_DAY = 24 * 60 * 60;

/** The value the confirmation cookie holds, and the content level it unlocks. */
const CONFIRMED = '1';
const ADULT_LEVEL = '18';

function readCookie(name: string): string | undefined {
  const prefix = `${name}=`;
  return document.cookie
    .split('; ')
    .find((cookie) => cookie.startsWith(prefix))
    ?.slice(prefix.length);
}

function writeCookie(name: string, value: string): void {
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${name}=${value}; Max-Age=${LIMITS.ageCookieDays * SECONDS_PER_DAY}; Path=/; SameSite=Lax${secure}`;
}

/** Whether this browser confirmed the visitor's age within the last LIMITS.ageCookieDays days. */
export function hasConfirmedAge(): boolean {
  return readCookie(COOKIES.ageConfirmed) === CONFIRMED;
}

/** Remembers the confirmation for LIMITS.ageCookieDays days (seed §3 Cookies: censor and level). */
export function rememberAgeConfirmed(): void {
  writeCookie(COOKIES.ageConfirmed, CONFIRMED);
  writeCookie(COOKIES.level, ADULT_LEVEL);
}
