import { createRootRoute, Outlet } from '@tanstack/react-router';
import { AppShell } from '../features/shell/AppShell';
import { NotFoundPage } from '../features/shell/NotFoundPage';

export const Route = createRootRoute({
  component: RootLayout,
  notFoundComponent: () => <NotFoundPage />,
});

function RootLayout() {
  return (
    <AppShell>
      <Outlet />
    </AppShell>
  );
}
