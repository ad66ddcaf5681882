import { createRouter } from '@tanstack/react-router';
import { RouteErrorPage } from './features/shell/RouteErrorPage';
import { routeTree } from './routeTree.gen';

export const router = createRouter({
  routeTree,
  defaultErrorComponent: RouteErrorPage,
  defaultPreload: 'intent',
  scrollRestoration: true,
  // Discover filters are base64 ("W10=" is the empty one, seed §2): keep "=" readable in the address.
  pathParamsAllowedCharacters: ['='],
});

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}
