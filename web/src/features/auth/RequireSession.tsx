import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { loginPathFor, useSession } from '../../shared/session';

/** Signed-in pages: a visitor goes to /login?next=<this page> and comes back after signing in. */
export function RequireSession() {
  const session = useSession();
  const location = useLocation();
  if (session.status === 'signed-in') return <Outlet />;
  return <Navigate to={loginPathFor(`${location.pathname}${location.search}`)} replace />;
}
