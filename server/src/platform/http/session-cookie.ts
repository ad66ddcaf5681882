import { SESSION_COOKIE } from '@seyirlik/shared-contracts';
import { parse as parseCookies } from 'cookie';

/** The session cookie's value in a Cookie header, if the request carries one. */
export function sessionTokenOf(cookieHeader: string | undefined): string | undefined {
  return cookieHeader ? parseCookies(cookieHeader)[SESSION_COOKIE] : undefined;
}
