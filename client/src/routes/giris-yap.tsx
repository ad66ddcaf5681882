import { createFileRoute } from '@tanstack/react-router';
import { LoginPage } from '../features/auth/LoginPage';
import { loginSearch } from '../features/auth/redirect';

export const Route = createFileRoute('/giris-yap')({
  validateSearch: loginSearch,
  component: LoginRoute,
});

function LoginRoute() {
  const { redirect } = Route.useSearch();
  return <LoginPage redirect={redirect} />;
}
