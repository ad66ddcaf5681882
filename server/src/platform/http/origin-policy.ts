/**
 * Which browser origins may send state-changing requests and open sockets: the site's own
 * (PUBLIC_URL, or the host the request was addressed to). Requests without an Origin header
 * come from non-browser clients, which carry no ambient cookies of another site, and pass.
 */
export function isAllowedOrigin(
  origin: string | undefined,
  requestHost: string | undefined,
  publicOrigin: string | null,
): boolean {
  if (origin === undefined || origin === '') return true;
  let parsed: URL;
  try {
    parsed = new URL(origin);
  } catch {
    return false;
  }
  if (parsed.origin === 'null') return false;
  if (publicOrigin !== null && parsed.origin === publicOrigin) return true;
  return requestHost !== undefined && parsed.host.toLowerCase() === requestHost.toLowerCase();
}
