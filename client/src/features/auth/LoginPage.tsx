import { useNavigate } from '@tanstack/react-router';
import { useEffect } from 'react';
import { TEXT } from '../../app/messages';
import { useSessionUser } from '../session/session';
import { AuthCard } from './AuthCard';
import { LoginForm } from './LoginForm';
import { safeRedirectPath } from './redirect';

/**
 * /giris-yap and /login. A member (already, or once the form logs them in) goes on to
 * `?redirect=` when it is a path of this site, else home.
 */
export function LoginPage({ redirect }: { redirect?: string }) {
  const user = useSessionUser();
  const navigate = useNavigate();
  const target = safeRedirectPath(redirect);
  useEffect(() => {
    if (user) void navigate({ href: target, replace: true });
  }, [user, navigate, target]);

  return (
    <AuthCard title={TEXT.login} intro={TEXT.auth.loginIntro}>
      <LoginForm />
    </AuthCard>
  );
}
