import { isClientRoute } from '@seyirlik/shared-contracts';

/**
 * The HTTP status of the app's shell (client/dist/index.html) sent for a GET of `pathname`, the
 * request's path as it arrived (no query, not decoded): 200 for a page of the client, 404 for any
 * other address. The shell is sent either way, and the client shows its own not-found page, but
 * crawlers and monitors learn from the status that there is no such page. A page of a known kind
 * with an unknown name (`/dizi/boyle-bir-dizi-yok`) is 200: only the catalog knows the names.
 */
export function appShellStatus(pathname: string): 200 | 404 {
  return isClientRoute(pathname) ? 200 : 404;
}
