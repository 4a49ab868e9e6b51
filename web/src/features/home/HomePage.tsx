import { LandingPage } from '../landing/LandingPage';
import { useSession } from '../auth/session';
import { WelcomeDashboard } from './WelcomeDashboard';

/** `/`: the welcome dashboard when signed in, else the landing page (SessionLayout has settled the session). */
export function HomePage() {
  const session = useSession();
  return session.status === 'signed-in' ? <WelcomeDashboard user={session.user} /> : <LandingPage />;
}
