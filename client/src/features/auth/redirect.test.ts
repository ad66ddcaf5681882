import { loginSearch, safeRedirectPath } from './redirect';

describe('safeRedirectPath', () => {
  it.each([
    ['/ayarlar', '/ayarlar'],
    ['/profile/ayse?sekme=hakkinda#yorumlar', '/profile/ayse?sekme=hakkinda#yorumlar'],
    ['/kesfet/W10=', '/kesfet/W10='],
  ])('keeps the same-site path %s', (value, expected) => {
    expect(safeRedirectPath(value)).toBe(expected);
  });

  it.each([
    ['nothing', undefined],
    ['a number', 42],
    ['an empty string', ''],
    ['a relative path', 'ayarlar'],
    ['another site', 'https://evil.example/ayarlar'],
    ['a protocol-relative address', '//evil.example/ayarlar'],
    ['a backslash that browsers read as a slash', '/\\evil.example'],
    ['a tab browsers drop', '/\t/evil.example'],
    ['a line break browsers drop', '/\n/evil.example'],
    ['a script address', 'javascript:alert(1)'],
  ])('sends %s home', (_case, value) => {
    expect(safeRedirectPath(value)).toBe('/');
  });
});

describe('loginSearch', () => {
  it('keeps a redirect string and drops anything else', () => {
    expect(loginSearch({ redirect: '/ayarlar', other: 'x' })).toEqual({ redirect: '/ayarlar' });
    expect(loginSearch({ redirect: 5 })).toEqual({});
    expect(loginSearch({})).toEqual({});
  });
});
