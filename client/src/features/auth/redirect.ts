/** An origin no address of ours can have, to tell same-site paths from everything else. */
const PROBE_ORIGIN = 'https://seyirlik.invalid';

/**
 * Where to send the visitor after logging in: `?redirect=` when it is a path of this site
 * (a single leading '/', no backslash, nothing a browser would read as another host), else '/'.
 */
export function safeRedirectPath(value: unknown): string {
  if (typeof value !== 'string' || !value.startsWith('/') || value.startsWith('//')) return '/';
  if (value.includes('\\')) return '/';
  try {
    // Browsers drop tabs and line breaks from addresses, so "/\t/evil.example" means "//evil.example".
    const url = new URL(value, PROBE_ORIGIN);
    if (url.origin !== PROBE_ORIGIN) return '/';
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return '/';
  }
}

/** The login pages' search parameters, as the router validates them. */
export function loginSearch(search: Record<string, unknown>): { redirect?: string } {
  return typeof search.redirect === 'string' ? { redirect: search.redirect } : {};
}
