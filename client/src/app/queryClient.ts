import { QueryClient } from '@tanstack/react-query';

/**
 * Server state (lists, pages, their refetch and live merges) lives in TanStack Query; client state
 * stays in jotai (ARCHITECTURE: Client). Defaults keep the seed's behaviour: a failed read shows
 * its message at once instead of retrying behind a spinner, and nothing refetches because the
 * window got focus (live lists stay current through the socket and its catch-up).
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}

/** The app's one query client; tests render with their own `createQueryClient()`, as with the jotai store. */
export const appQueryClient = createQueryClient();
