import { useEffect } from 'react';
import { Outlet } from 'react-router-dom';
import { sessionExpired } from '../../api/session-events';
import { setSignedInHint } from '../../api/session-hint';
import { socket } from '../../api/socket';
import { useAppDispatch } from '../../app/hooks';
import { FullScreenSpinner } from '../../shared/ui/FullScreenSpinner';
import { lazyPart } from '../../shared/lib/lazy-part';
import { AppShell } from './AppShell';
import { sessionApi, useSession } from '../../shared/session';

/** An error state, rarely seen: the spinner stays while its module loads. */
const SessionUnavailable = lazyPart(
  () => import('./SessionUnavailable').then((m) => m.SessionUnavailable),
  <FullScreenSpinner />,
);

/**
 * The routes that depend on the session (`/` and the signed-in pages): a spinner while GET
 * /api/auth/user loads; signed in, the shell around the page and a live socket; signed out, the page
 * alone (`/` is then the landing page, and RequireSession sends the others to /login).
 */
export function SessionLayout() {
  const session = useSession();
  const dispatch = useAppDispatch();
  const userId = session.status === 'signed-in' ? session.user.id : undefined;

  const role = session.status === 'signed-in' ? session.user.role : undefined;
  useEffect(() => {
    if (session.status === 'signed-in' || session.status === 'signed-out') setSignedInHint(role ?? null);
  }, [session.status, role]);

  useEffect(() => {
    if (!userId) return;
    // The server ends the sockets of a revoked session (suspension, role change, sign-out elsewhere):
    // ask who is signed in at once, so the page signs out now rather than at its next request.
    const onDisconnect = (reason: string) => {
      if (reason !== 'io server disconnect') return;
      void dispatch(sessionApi.endpoints.getCurrentUser.initiate(undefined, { forceRefetch: true, subscribe: false }))
        .unwrap()
        .catch((error: unknown) => {
          if ((error as { status?: unknown } | undefined)?.status === 401) dispatch(sessionExpired());
        });
    };
    socket.on('disconnect', onDisconnect);
    // Once the first page has rendered and the browser is idle (at the latest after a second): the
    // connection's requests do not compete with the page's own. Live data loaded before it resyncs
    // when it connects (match-live.ts and the others), as after any reconnection.
    const connect = () => socket.connect();
    const idle = typeof requestIdleCallback === 'function';
    const pending = idle ? requestIdleCallback(connect, { timeout: 1000 }) : window.setTimeout(connect, 0);
    return () => {
      if (idle) cancelIdleCallback(pending);
      else window.clearTimeout(pending);
      socket.off('disconnect', onDisconnect);
      socket.disconnect();
    };
  }, [userId, dispatch]);

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
