import { CLIENT_ROUTE_PATTERNS, isClientRoute } from './client-routes';

describe('isClientRoute', () => {
  it.each([
    '/',
    '/sss',
    '/giris-yap',
    '/akis',
    '/akis/2',
    '/kesfet/W10=',
    '/dizi/cinaralti-sirlari',
    '/dizi/cinaralti-sirlari/1-sezon/2-bolum',
    '/anime/yildiz-avcilari-kulubu/2-sezon/11-bolum',
    '/film/buzdan-kopru/izle',
    '/profile/ayse',
    '/profile/message/ayse',
    '/oda/Abc123Def456',
  ])('knows the page %s', (path) => {
    expect(isClientRoute(path)).toBe(true);
  });

  it.each([
    ['a page of a known kind whose name the catalog does not have', '/dizi/boyle-bir-dizi-yok'],
    ['a page name in capitals', '/SSS'],
    ['trailing slashes', '/sss//'],
    ['an index page with its slash', '/tartismalar/'],
    ['an encoded name', '/dizi/%C3%A7'],
  ])('knows %s (%s), as the router does', (_case, path) => {
    expect(isClientRoute(path)).toBe(true);
  });

  it.each([
    ['an unknown page', '/yok-boyle-bir-sayfa'],
    ['an unknown page below a known one', '/sss/ek'],
    ['a kind without a name', '/dizi'],
    ['an empty name', '/oda/'],
    ['an empty segment inside', '/dizi//x'],
    ['an episode address without its episode', '/dizi/x/1-sezon'],
    ['an episode address with the wrong word', '/dizi/x/1-bolum/2-sezon'],
    ['a path too deep', '/dizi/x/1-sezon/2-bolum/yorumlar'],
    ['no leading slash', 'sss'],
    ['nothing', ''],
  ])('does not know %s (%s)', (_case, path) => {
    expect(isClientRoute(path)).toBe(false);
  });

  it('answers a long path of slashes at once', () => {
    const started = performance.now();
    expect(isClientRoute(`/x${'/'.repeat(200_000)}y`)).toBe(false);
    expect(isClientRoute(`/sss${'/'.repeat(200_000)}`)).toBe(true);
    expect(performance.now() - started).toBeLessThan(200);
  });

  it('lists each pattern once, every one starting with a slash', () => {
    expect(new Set(CLIENT_ROUTE_PATTERNS).size).toBe(CLIENT_ROUTE_PATTERNS.length);
    expect(CLIENT_ROUTE_PATTERNS.every((pattern) => pattern.startsWith('/'))).toBe(true);
  });
});
