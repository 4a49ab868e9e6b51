import { Suspense, useEffect } from 'react';
import { Outlet, ScrollRestoration, useLocation, useNavigate } from 'react-router-dom';
import { api } from '../api/api';
import { setSignedInHint } from '../api/session-hint';
import { socket } from '../api/socket';
import { FullScreenSpinner } from '../shared/ui/FullScreenSpinner';
import { useAppDispatch, useAppSelector } from './hooks';
import { expiryHandled } from './session.slice';
import { usePageFocus } from './use-page-focus';

/**
 * Wraps every route: the loading fallback of lazy pages, the way out when the session expires, and
 * what a page change does: a new page opens at the top (back and forward restore the old position)
 * with the focus on its heading.
 */
export function RootLayout() {
  const expired = useAppSelector((state) => state.session.expired);
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const location = useLocation();
  usePageFocus();

  useEffect(() => {
    if (!expired) return;
    dispatch(expiryHandled());
    setSignedInHint(null);
    dispatch(api.util.resetApiState());
    socket.disconnect();
    if (location.pathname !== '/login') {
      const next = `${location.pathname}${location.search}`;
      void navigate(`/login?next=${encodeURIComponent(next)}`, { replace: true });
    }
  }, [expired, dispatch, navigate, location.pathname, location.search]);

  return (
    <>
      <ScrollRestoration />
      <Suspense fallback={<FullScreenSpinner />}>
        <Outlet />
      </Suspense>
    </>
  );
}
