import { Tabs } from 'antd';
import type { User } from '../../auth/auth.api';
import { dashboardTexts as t, employerTabs } from '../dashboard.texts';
import { useTab } from '../use-tab';
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
    <div className="pj-dash">
      <header className="pj-page-header">
        <h1 className="pj-page-header__title">{t.title.employer}</h1>
        <p className="pj-page-header__lead">{t.lead.employer}</p>
      </header>
      <div className="pj-dash__grid">
        <div className="pj-dash__main">
          <Tabs
            activeKey={tab}
            onChange={(key) => setTab(key as typeof tab)}
            aria-label={t.tabsLabel}
            className="pj-dash__tabs"
            items={employerTabs.map((key) => ({ key, label: t.tabs[key], children: panels[key] }))}
          />
        </div>
        <aside className="pj-dash__side" aria-label={t.company.title}>
          <CompanySidebar user={user} />
        </aside>
      </div>
    </div>
  );
}
