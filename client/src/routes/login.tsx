import { createFileRoute } from '@tanstack/react-router';
import { LoginPage } from '../features/auth/LoginPage';
import { loginSearch } from '../features/auth/redirect';

/** The seed's second login address (§2): the same page as /giris-yap. */
export const Route = createFileRoute('/login')({
  validateSearch: loginSearch,
  component: LoginRoute,
});

function LoginRoute() {
  const { redirect } = Route.useSearch();
  return <LoginPage redirect={redirect} />;
}
