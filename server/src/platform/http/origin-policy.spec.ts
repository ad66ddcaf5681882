import { isAllowedOrigin } from './origin-policy';

describe('isAllowedOrigin', () => {
  it('lets requests without an Origin through (non-browser clients)', () => {
    expect(isAllowedOrigin(undefined, 'site.example', null)).toBe(true);
  });

  it('allows the host the request was sent to', () => {
    expect(isAllowedOrigin('http://localhost:3000', 'localhost:3000', null)).toBe(true);
    expect(isAllowedOrigin('https://Site.Example', 'site.example', null)).toBe(true);
  });

  it('allows the configured public origin behind a proxy', () => {
    expect(isAllowedOrigin('https://seyirlik.example', 'app-1:3000', 'https://seyirlik.example')).toBe(true);
  });

  it.each([
    ['https://evil.example', 'site.example'],
    ['http://localhost:4000', 'localhost:3000'],
    ['null', 'site.example'],
    ['not a url', 'site.example'],
  ])('refuses %s for host %s', (origin, host) => {
    expect(isAllowedOrigin(origin, host, 'https://site.example')).toBe(false);
  });
});
