import { Outlet } from 'react-router-dom';
import { StatusResult } from '../../shared/ui';
import { useCurrentUser } from '../../shared/session';
import { adminTexts } from './admin.texts';

const t = adminTexts.forbidden;

/** Admin pages: anyone else gets a 403 inside the shell (the server refuses them too). */
export function RequireAdmin() {
  const user = useCurrentUser();
  if (user.role === 'admin') return <Outlet />;
  return <StatusResult status="403" texts={t} />;
}
