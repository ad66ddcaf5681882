import type { ReactNode } from 'react';
import { TEXT } from '../../app/messages';
import { useConnectionToasts } from '../realtime/useConnectionToasts';
import { useRealtimeConnection } from '../realtime/useRealtimeConnection';
import { LoginModalHost } from '../session/LoginModalHost';
import { useLoginRequiredPrompt } from '../session/useLoginRequiredPrompt';
import { useSessionEvents } from '../session/useSessionEvents';
import { useSessionLoader } from '../session/useSessionLoader';
import { Toaster } from '../toast/Toaster';
import { BackToTopButton } from './BackToTopButton';
import { Footer } from './Footer';
import { Header } from './Header';
import { LeftBar } from './LeftBar';
import './shell.css';

export function AppShell({ children }: { children: ReactNode }) {
  useSessionLoader();
  useSessionEvents();
  useLoginRequiredPrompt();
  useRealtimeConnection();
  useConnectionToasts();
  return (
    <div className="shell">
      <a className="skip-link" href="#main">
        {TEXT.skipToContent}
      </a>
      <Header />
      <div className="shell__body">
        <LeftBar />
        <div className="shell__column">
          <main id="main" className="shell__main" tabIndex={-1}>
            {children}
          </main>
          <Footer />
        </div>
      </div>
      <BackToTopButton />
      <LoginModalHost />
      <Toaster />
    </div>
  );
}
