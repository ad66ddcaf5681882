import { createMemoryHistory, RouterProvider } from '@tanstack/react-router';
import { render } from '@testing-library/react';
import { createStore, Provider } from 'jotai';
import { createQueryClient } from '../src/app/queryClient';
import { createAppRouter } from '../src/router';
import { mockFetch, type FakeServer } from './mockFetch';
import { withQueryClient } from './queryClient';

/**
 * What the whole app needs from jsdom, around every test of a file: the router tells redirects by
 * `instanceof Response` (jsdom has none, and no loader in these tests returns one), and scrolling
 * on navigation is not implemented.
 */
export function prepareAppRoutes(): void {
  beforeAll(() => {
    globalThis.Response ??= class {} as unknown as typeof Response;
  });
  beforeEach(() => {
    jest.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
  });
  afterEach(() => {
    jest.restoreAllMocks();
  });
}

/** The whole app at `path`, its server answered by `server` (the session call included). */
export function renderAppAt(path: string, server: FakeServer) {
  const fetchMock = mockFetch(server);
  const queryClient = createQueryClient();
  const router = createAppRouter({ queryClient, history: createMemoryHistory({ initialEntries: [path] }) });
  const store = createStore();
  render(
    <Provider store={store}>{withQueryClient(<RouterProvider router={router} />, queryClient)}</Provider>,
  );
  return { fetchMock, store, router };
}
