import type { ReactNode } from 'react';
import { LogoMark } from '../../ui/icons';
import './auth.css';

/** The frame of the login, register and password pages: a centred card with a title and a line of intro. */
export function AuthCard({
  title,
  intro,
  children,
}: {
  title: string;
  intro: string;
  children: ReactNode;
}) {
  return (
    <section className="auth-card" aria-labelledby="auth-card-title">
      <LogoMark className="auth-card__mark" width={40} height={40} />
      <h1 id="auth-card-title" className="auth-card__title">
        {title}
      </h1>
      <p className="auth__intro">{intro}</p>
      {children}
    </section>
  );
}
