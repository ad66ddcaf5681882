import { EMPTY_DISCOVER_FILTER } from '@seyirlik/shared-contracts';
import { createFileRoute, redirect } from '@tanstack/react-router';

/** /kesfet is the discover page with the empty filter. */
export const Route = createFileRoute('/kesfet/')({
  beforeLoad: () => {
    throw redirect({ to: '/kesfet/$filter', params: { filter: EMPTY_DISCOVER_FILTER }, replace: true });
  },
});
