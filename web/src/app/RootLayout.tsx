import { Suspense, useEffect } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router-dom';
import { api } from '../api/api';
import { setSignedInHint } from '../api/session-hint';
import { socket } from '../api/socket';
import { FullScreenSpinner } from '../components/FullScreenSpinner';
import { useAppDispatch, useAppSelector } from './hooks';
import { expiryHandled } from './session.slice';

/** Wraps every route: the loading fallback of lazy pages, and the way out when the session expires. */
export function RootLayout() {
  const expired = useAppSelector((state) => state.session.expired);
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const location = useLocation();

  useEffect(() => {
    if (!expired) return;
    dispatch(expiryHandled());
    setSignedInHint(false);
    dispatch(api.util.resetApiState());
    socket.disconnect();
    if (location.pathname !== '/login') {
      const next = `${location.pathname}${location.search}`;
      void navigate(`/login?next=${encodeURIComponent(next)}`, { replace: true });
    }
  }, [expired, dispatch, navigate, location.pathname, location.search]);

  return (
    <Suspense fallback={<FullScreenSpinner />}>
      <Outlet />
    </Suspense>
  );
}
