import { Navigate, Outlet, useSearchParams } from 'react-router-dom';
import { FullScreenSpinner } from '../../shared/ui/FullScreenSpinner';
import { safeNextPath, useSession } from '../../shared/session';

/**
 * /login and /signup: a signed-in user goes on to `next` (or home). Signing in or up stores the user
 * (auth.api.ts), and this redirect is what leaves the form.
 */
export function GuestOnly() {
  const session = useSession();
  const [params] = useSearchParams();
  if (session.status === 'loading') return <FullScreenSpinner />;
  if (session.status === 'signed-in') return <Navigate to={safeNextPath(params.get('next'))} replace />;
  return <Outlet />;
}
