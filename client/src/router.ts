import type { QueryClient } from '@tanstack/react-query';
import { createRouter, type RouterHistory } from '@tanstack/react-router';
import { appQueryClient } from './app/queryClient';
import { PRELOAD_FRESH_MS } from './app/routeLoading';
import { RouteErrorPage } from './features/shell/RouteErrorPage';
import { routeTree } from './routeTree.gen';

/**
 * The site's router over `queryClient` (the one the pages read from); tests pass their own client
 * and an in-memory history.
 */
export function createAppRouter({ queryClient, history }: { queryClient: QueryClient; history?: RouterHistory }) {
  return createRouter({
    routeTree,
    history,
    context: { queryClient },
    defaultErrorComponent: RouteErrorPage,
    // A link reads its page's code and data ahead when the pointer rests on it, it gets focus or a
    // finger touches it; what it read serves the click that follows (routeLoading.ts).
    defaultPreload: 'intent',
    defaultPreloadStaleTime: PRELOAD_FRESH_MS,
    scrollRestoration: true,
    // Discover filters are base64 ("W10=" is the empty one, seed §2): keep "=" readable in the address.
    pathParamsAllowedCharacters: ['='],
  });
}

export const router = createAppRouter({ queryClient: appQueryClient });

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}
