import { useEffect } from 'react';
import { Outlet } from 'react-router-dom';
import { setSignedInHint } from '../../api/session-hint';
import { socket } from '../../api/socket';
import { FullScreenSpinner } from '../../components/FullScreenSpinner';
import { AppShell } from '../shell/AppShell';
import { SessionUnavailable } from './components/SessionUnavailable';
import { useSession } from './session';

/**
 * The routes that depend on the session (`/` and the signed-in pages): a spinner while GET
 * /api/auth/user loads; signed in, the shell around the page and a live socket; signed out, the page
 * alone (`/` is then the landing page, and RequireSession sends the others to /login).
 */
export function SessionLayout() {
  const session = useSession();
  const userId = session.status === 'signed-in' ? session.user.id : undefined;

  useEffect(() => {
    if (session.status === 'signed-in' || session.status === 'signed-out') {
      setSignedInHint(session.status === 'signed-in');
    }
  }, [session.status]);

  useEffect(() => {
    if (!userId) return;
    socket.connect();
    return () => {
      socket.disconnect();
    };
  }, [userId]);

  switch (session.status) {
    case 'loading':
      return <FullScreenSpinner />;
    case 'unknown':
      return <SessionUnavailable onRetry={session.retry} />;
    case 'signed-out':
      return <Outlet />;
    case 'signed-in':
      return (
        <AppShell user={session.user}>
          <Outlet />
        </AppShell>
      );
  }
}
