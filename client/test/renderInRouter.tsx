import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
} from '@tanstack/react-router';
import { render } from '@testing-library/react';
import { createStore, Provider } from 'jotai';
import type { ReactNode } from 'react';
import { withQueryClient } from './queryClient';

/**
 * Renders `ui` above the page outlet of a small in-memory router that knows "/" only, so links
 * work and any other path is "not found". Each call gets its own jotai store unless given one,
 * and its own query client.
 */
export function renderInRouter(
  ui: ReactNode,
  {
    path = '/',
    store = createStore(),
  }: { path?: string; store?: ReturnType<typeof createStore> } = {},
) {
  const rootRoute = createRootRoute({
    component: () => (
      <>
        {ui}
        <Outlet />
      </>
    ),
    notFoundComponent: () => <p>not found page</p>,
  });
  const homeRoute = createRoute({
    getParentRoute: () => rootRoute,
    path: '/',
    component: () => <p>home page</p>,
  });
  const router = createRouter({
    routeTree: rootRoute.addChildren([homeRoute]),
    history: createMemoryHistory({ initialEntries: [path] }),
  });
  const view = render(
    <Provider store={store}>{withQueryClient(<RouterProvider router={router} />)}</Provider>,
  );
  return { ...view, router, store };
}
