import { CLIENT_ROUTE_PATTERNS, isClientRoute } from '@seyirlik/shared-contracts';
import { router } from './router';

// The server tells the client's pages from unknown addresses by CLIENT_ROUTE_PATTERNS (404 for the
// rest); these tests keep that list, and how it matches, equal to the router's.

/** Whether the router has a page for `path` itself (not a not-found page under the nearest route, whose `**` holds the rest). */
function routerHasPage(path: string): boolean {
  const [, params, found] = router.getMatchedRoutes(path);
  return found !== undefined && !('**' in params);
}

/** An address of the pattern: every parameter filled in. */
const addressOf = (pattern: string) => pattern.replace(/\{\$\w+\}/g, '1').replace(/\$\w+/g, 'ornek');

describe('CLIENT_ROUTE_PATTERNS', () => {
  it('lists exactly the router’s pages', () => {
    const routerPaths = Object.keys(router.routesByPath).sort();
    expect([...CLIENT_ROUTE_PATTERNS].sort()).toEqual(routerPaths);
  });

  it('matches every address as the router does: its pages in any case and with trailing slashes, and nothing else', () => {
    const addresses = CLIENT_ROUTE_PATTERNS.flatMap((pattern) => {
      const address = addressOf(pattern);
      const parent = address.slice(0, address.lastIndexOf('/')) || '/';
      return [address, address.toUpperCase(), `${address}/`, `${address}//`, `${address}/ek`, parent, `${parent}//ek`];
    });
    addresses.push('/yok-boyle-bir-sayfa', '/dizi/ornek/sezon/1-bolum', '/dizi/ornek/1-sezonx/1-bolum', '/dizi/ornek/-sezon/-bolum', '/profile/message', '/kesfet/W10=');

    const disagreements = addresses.filter((address) => isClientRoute(address) !== routerHasPage(address));

    expect(disagreements).toEqual([]);
  });
});
