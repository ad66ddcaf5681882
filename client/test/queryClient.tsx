import { notifyManager, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { createQueryClient } from '../src/app/queryClient';

// Query results reach components on a zero timeout by default. Tests look at the screen right
// after an `act` (some with fake timers), so here results are delivered at once, inside that act.
notifyManager.setScheduler((deliver) => deliver());

/**
 * `ui` with a query client of its own, so no cached server state passes from one test to the next;
 * `client` when the test's router reads ahead into the same one.
 */
export function withQueryClient(ui: ReactNode, client = createQueryClient()) {
  return <QueryClientProvider client={client}>{ui}</QueryClientProvider>;
}
