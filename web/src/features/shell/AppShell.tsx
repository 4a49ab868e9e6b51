import type { ReactNode } from 'react';
import type { User } from '../../shared/session';
import { CallLayer } from '../calls';
import { LiveNotifications } from '../notifications';
import { shellTexts as t } from './shell.texts';
import { TopBar } from './TopBar';
import './shell.css';

export interface AppShellProps {
  user: User;
  children: ReactNode;
}

/**
 * Every signed-in page: the shell's layout with the top bar, the live notifications (toasts and the
 * one screen-reader region) for whichever page is open, and calls (ringing and in progress).
 */
export function AppShell({ user, children }: AppShellProps) {
  return (
    <CallLayer>
      <ShellLayout
        topBar={
          <>
            <TopBar user={user} />
            <LiveNotifications />
          </>
        }
      >
        {children}
      </ShellLayout>
    </CallLayer>
  );
}

/**
 * A skip link, the fixed top bar and the page in `main`: AppShell's layout, and that of the first frame
 * index.html shows before the app has loaded (app/app-frames.tsx).
 */
export function ShellLayout({ topBar, children }: { topBar: ReactNode; children: ReactNode }) {
  return (
    <div className="pj-app">
      <a className="pj-skip-link" href="#main">
        {t.skipLink}
      </a>
      {topBar}
      <main id="main" className="pj-main" tabIndex={-1}>
        {children}
      </main>
    </div>
  );
}
