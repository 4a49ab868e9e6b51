import { Tabs } from 'antd';
import type { User } from '../../auth/auth.api';
import { dashboardTexts as t, studentTabs } from '../dashboard.texts';
import { useTab } from '../use-tab';
import { StudentMatches } from './StudentMatches';
import { StudentOverview } from './StudentOverview';
import { StudentProjects } from './StudentProjects';
import { StudentSidebar } from './StudentSidebar';
import { StudentSkills } from './StudentSkills';

/** Prototype spec §2 "Student dashboard (/dashboard)": tabs Overview, Matches, Projects, Skills, and a sidebar. */
export function StudentDashboard({ user }: { user: User }) {
  const [tab, setTab] = useTab(studentTabs);
  const panels = {
    overview: <StudentOverview onViewAll={() => setTab('matches')} />,
    matches: <StudentMatches />,
    projects: <StudentProjects user={user} />,
    skills: <StudentSkills />,
  };

  return (
    <div className="pj-dash">
      <header className="pj-page-header">
        <h1 className="pj-page-header__title">{t.title.student}</h1>
        <p className="pj-page-header__lead">{t.lead.student}</p>
      </header>
      <div className="pj-dash__grid">
        <div className="pj-dash__main">
          <Tabs
            activeKey={tab}
            onChange={(key) => setTab(key as typeof tab)}
            aria-label={t.tabsLabel}
            className="pj-dash__tabs"
            items={studentTabs.map((key) => ({ key, label: t.tabs[key], children: panels[key] }))}
          />
        </div>
        <aside className="pj-dash__side" aria-label={t.title.student}>
          <StudentSidebar user={user} />
        </aside>
      </div>
    </div>
  );
}
