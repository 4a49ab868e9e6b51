import { useDocumentTitle } from '../../shared/lib/use-document-title';
import { ButtonLink } from '../../shared/ui/ButtonLink';
import { useCurrentUser } from '../../shared/session';
import { DashboardHeader } from './components/DashboardLayout';
import { dashboardTexts as t } from './dashboard.texts';
import { EmployerDashboard } from './employer/EmployerDashboard';
import { StudentDashboard } from './student/StudentDashboard';
import { useLiveMatchUpdates } from './use-live-match-updates';
import './dashboard.css';

/**
 * /dashboard: one screen for students, another for employers (prototype spec §2). Every figure comes
 * from the server, and the page follows `match:updated` on the socket, so it stays current by itself.
 */
export function DashboardPage() {
  useDocumentTitle(t.documentTitle);
  useLiveMatchUpdates();
  const user = useCurrentUser();

  switch (user.role) {
    case 'student':
      return <StudentDashboard user={user} />;
    case 'employer':
      return <EmployerDashboard user={user} />;
    case 'admin':
      return (
        <div className="pj-dash">
          <DashboardHeader title={t.title.admin} lead={t.admin.body} />
          <ButtonLink type="primary" to="/admin">
            {t.admin.cta}
          </ButtonLink>
        </div>
      );
  }
}
