import type { User } from '../../../shared/session';
import { dashboardTexts as t, studentTabs } from '../dashboard.texts';
import { DashboardLayout } from '../components/DashboardLayout';
import { useTab } from '../../../shared/lib/use-tab';
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
    <DashboardLayout
      title={t.title.student}
      lead={t.lead.student}
      tabs={studentTabs}
      tab={tab}
      onTab={setTab}
      panels={panels}
      sideLabel={t.title.student}
      sidebar={<StudentSidebar user={user} />}
    />
  );
}
