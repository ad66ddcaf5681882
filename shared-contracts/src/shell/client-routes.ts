/**
 * Every page of the React client, as its router writes the paths (client/src/routes, TanStack
 * Router): `$name` is one path segment of any text, `{$name}-sezon` one segment ending in a fixed
 * text. The server answers the app's shell with 404 for an address none of them matches; a client
 * test keeps this list equal to the router's own.
 */
export const CLIENT_ROUTE_PATTERNS = [
  '/',
  '/akis',
  '/akis/$page',
  '/anime/$slug',
  '/anime/$slug/{$season}-sezon/{$episode}-bolum',
  '/ayarlar',
  '/bildirimler',
  '/dizi/$slug',
  '/dizi/$slug/{$season}-sezon/{$episode}-bolum',
  '/film/$slug',
  '/film/$slug/izle',
  '/fiyatlandirma',
  '/giris-yap',
  '/gonderi/$id',
  '/grup/$slug',
  '/gruplar',
  '/iletisim',
  '/istekler',
  '/istekler/$id',
  '/kayit-ol',
  '/kesfet',
  '/kesfet/$filter',
  '/koleksiyon/$id',
  '/koleksiyonlar',
  '/login',
  '/mesajlar',
  '/oda/$code',
  '/profile/$username',
  '/profile/message/$username',
  '/sifre-sifirla',
  '/sifremi-unuttum',
  '/sss',
  '/tartismalar',
  '/tartismalar/$id',
] as const;

export type ClientRoutePattern = (typeof CLIENT_ROUTE_PATTERNS)[number];

/** One segment of a pattern: a fixed word, or a parameter with the fixed text around it (none for `$name`). */
type SegmentMatcher = { kind: 'fixed'; text: string } | { kind: 'parameter'; prefix: string; suffix: string };

const PARAMETER = /^(?:\$\w+|(.*)\{\$\w+\}(.*))$/;

function segmentMatcher(segment: string): SegmentMatcher {
  const parameter = PARAMETER.exec(segment);
  if (!parameter) return { kind: 'fixed', text: segment.toLowerCase() };
  return { kind: 'parameter', prefix: (parameter[1] ?? '').toLowerCase(), suffix: (parameter[2] ?? '').toLowerCase() };
}

/** The segments of a path that starts with '/': trailing slashes are ignored ('/sss//' is '/sss'), so '/' has none. */
function segmentsOf(path: string): string[] {
  let end = path.length;
  while (end > 0 && path[end - 1] === '/') end -= 1;
  return end === 0 ? [] : path.slice(1, end).split('/');
}

/**
 * Whether `segment` fills `matcher`, as the router matches: fixed text in any case; a bare
 * parameter (`$slug`) with at least one character, one with fixed text around it with any.
 */
function fills(matcher: SegmentMatcher, segment: string): boolean {
  const text = segment.toLowerCase();
  if (matcher.kind === 'fixed') return text === matcher.text;
  if (matcher.prefix === '' && matcher.suffix === '') return text.length > 0;
  return text.length >= matcher.prefix.length + matcher.suffix.length && text.startsWith(matcher.prefix) && text.endsWith(matcher.suffix);
}

const MATCHERS = CLIENT_ROUTE_PATTERNS.map((pattern) => segmentsOf(pattern).map(segmentMatcher));

/**
 * Whether `pathname` (an address's path, without its query or hash) is one of the client's pages.
 * A known page with an unknown name in it (`/dizi/boyle-bir-dizi-yok`) is one: the page itself
 * says that it found nothing.
 */
export function isClientRoute(pathname: string): boolean {
  if (!pathname.startsWith('/')) return false;
  const segments = segmentsOf(pathname);
  return MATCHERS.some((matchers) => matchers.length === segments.length && matchers.every((matcher, index) => fills(matcher, segments[index]!)));
}
