import type { ReactNode } from 'react';
import type { User } from '../auth/auth.api';
import { CallLayer } from '../calls/CallLayer';
import { LiveNotifications } from '../notifications/LiveNotifications';
import { shellTexts as t } from './shell.texts';
import { TopBar } from './TopBar';
import './shell.css';

export interface AppShellProps {
  user: User;
  children: ReactNode;
}

/**
 * Every signed-in page: a skip link, the fixed top bar, the page in `main`, and the live notifications
 * (toasts and the one screen-reader region) for whichever page is open, and calls (ringing and in progress).
 */
export function AppShell({ user, children }: AppShellProps) {
  return (
    <CallLayer>
      <div className="pj-app">
        <a className="pj-skip-link" href="#main">
          {t.skipLink}
        </a>
        <TopBar user={user} />
        <LiveNotifications />
        <main id="main" className="pj-main" tabIndex={-1}>
          {children}
        </main>
      </div>
    </CallLayer>
  );
}
