import { LandingPage } from '../landing';
import { useSession } from '../../shared/session';
import { WelcomeDashboard } from './WelcomeDashboard';

/** `/`: the welcome dashboard when signed in, else the landing page (SessionLayout has settled the session). */
export function HomePage() {
  const session = useSession();
  return session.status === 'signed-in' ? <WelcomeDashboard user={session.user} /> : <LandingPage />;
}
