import { hashToken } from './tokens';

/** Sliding expiry is written at most this often, not on every request (SessionsService.resolve). */
export const SESSION_TOUCH_INTERVAL_MS = 5 * 60 * 1000;

/** Longer cookies are never a token of ours (tokens are 43 characters). */
const MAX_TOKEN_LENGTH = 100;

/**
 * A session cookie's token as a statement parameter: its stored hash. A hot statement (a chat
 * message) resolves its member inside the statement with `sessionMemberSql`, saving the round
 * trip of SessionsService.resolve; null for a value that cannot be a token.
 */
export function sessionKeyOf(token: string | undefined): Buffer | null {
  if (!token || token.length > MAX_TOKEN_LENGTH) return null;
  return hashToken(token);
}

/**
 * A scalar subquery answering the member of the session whose hash is `hashParameter` (a
 * `sessionKeyOf` value), or NULL. Only a session that is live and was used within the touch
 * interval counts, so resolving it here has nothing to write: any other session answers NULL and
 * the caller goes the full way (SessionsService.resolve slides or ends it, and says why).
 */
export function sessionMemberSql(hashParameter: string): string {
  return `(SELECT session.user_id FROM user_session session
            WHERE session.token_hash = ${hashParameter}::bytea AND session.expires_at > now()
              AND session.last_seen_at > now() - make_interval(secs => ${SESSION_TOUCH_INTERVAL_MS / 1000}))`;
}
