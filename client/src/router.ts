import { createRouter } from '@tanstack/react-router';
import { RouteErrorPage } from './features/shell/RouteErrorPage';
import { routeTree } from './routeTree.gen';

export const router = createRouter({
  routeTree,
  defaultErrorComponent: RouteErrorPage,
  defaultPreload: 'intent',
  scrollRestoration: true,
});

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}
