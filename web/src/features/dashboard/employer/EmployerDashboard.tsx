import type { User } from '../../../shared/session';
import { dashboardTexts as t, employerTabs } from '../dashboard.texts';
import { DashboardLayout } from '../components/DashboardLayout';
import { useTab } from '../../../shared/lib/use-tab';
import { CompanySidebar } from './CompanySidebar';
import { EmployerAnalytics } from './EmployerAnalytics';
import { EmployerCandidates } from './EmployerCandidates';
import { EmployerOverview } from './EmployerOverview';
import { EmployerProjects } from './EmployerProjects';

/** Prototype spec §2 "Employer dashboard (/dashboard)": tabs Overview, Projects, Candidates, Analytics, and a sidebar. */
export function EmployerDashboard({ user }: { user: User }) {
  const [tab, setTab] = useTab(employerTabs);
  const panels = {
    overview: <EmployerOverview onViewAll={() => setTab('projects')} />,
    projects: <EmployerProjects />,
    candidates: <EmployerCandidates />,
    analytics: <EmployerAnalytics userId={user.id} />,
  };

  return (
    <DashboardLayout
      title={t.title.employer}
      lead={t.lead.employer}
      tabs={employerTabs}
      tab={tab}
      onTab={setTab}
      panels={panels}
      sideLabel={t.company.title}
      sidebar={<CompanySidebar user={user} />}
    />
  );
}
