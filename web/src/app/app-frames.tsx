/**
 * Build time only (vite.config.ts loads it in Node): the first frame of the signed-in pages, which
 * index.html shows at once in a browser that was signed in last time, before any of the app's
 * JavaScript has loaded (boot-script.ts): the shell's layout and its top bar with the brand, and on a
 * page whose heading does not depend on data, that heading for the role of the last session. The
 * app's first render replaces it. Rendered from the shell's and the pages' own components, so that
 * the frame is what the app draws first.
 */
import { App as AntApp, ConfigProvider } from 'antd';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { DashboardHeader, DashboardLayout } from '../features/dashboard/components/DashboardLayout';
import { dashboardTexts, studentTabs } from '../features/dashboard/dashboard.texts';
import { StudentStats } from '../features/dashboard/student/StudentOverview';
import { ProjectsIntro } from '../features/projects/ProjectsPage';
import { WORKSPACE_HEADER_CLASS } from '../features/workspace/components/WorkspaceHeader';
import { WorkspaceBackLink } from '../features/workspace/WorkspacePage';
import { ShellLayout } from '../features/shell/AppShell';
import { TopBarFrame } from '../features/shell/TopBar';
import { AssessmentPrompt } from '../shared/ui/AssessmentPrompt';
import { PageHeader } from '../shared/ui/PageHeader';
import type { AppFrames } from './boot-script';
import { theme } from '../shared/theme';

type Role = keyof AppFrames['pages'][string];

/** By path, per role: the page's part of the frame (its wrapper and heading, as the page renders them). */
const dashboardFrame = (title: string, lead: string) => (
  <div className="pj-dash">
    <DashboardHeader title={title} lead={lead} />
  </div>
);

/**
 * A student's dashboard as it first renders, loading: the tabs, the figures' labels, and the
 * assessment prompt where it will be, hidden until the early /api/dashboard answer says the student
 * has no assessment (boot-plan.ts, `reveal`); it is the largest text of the page.
 */
const studentDashboardFrame = (
  <DashboardLayout
    title={dashboardTexts.title.student}
    lead={dashboardTexts.lead.student}
    tabs={studentTabs}
    tab="overview"
    onTab={() => undefined}
    panels={{
      overview: (
        <div className="pj-dash__stack">
          <StudentStats />
          <div data-frame-part="assessment-prompt" hidden>
            <AssessmentPrompt />
          </div>
        </div>
      ),
      matches: null,
      projects: null,
      skills: null,
    }}
    sideLabel={dashboardTexts.title.student}
    sidebar={null}
  />
);

/**
 * A workspace (any id, boot-plan.ts): its way back, and its heading (WorkspaceHeader's PageHeader, the
 * page's largest paint), hidden until the early GET /api/workspaces/:id fills in the project's title
 * (boot-plan.ts, `fill`); the rest, drawn from data, comes with the app.
 */
const workspaceFrame = (
  <div className="pj-workspace">
    <WorkspaceBackLink />
    <div data-frame-part="title" hidden>
      <PageHeader className={WORKSPACE_HEADER_CLASS} title={<span data-frame-text="" />} actions={null} />
    </div>
  </div>
);

/** By the boot plan's path (`:name` for an id: one frame for every address it matches), per role. */
const PAGE_FRAMES: Record<string, Partial<Record<Role, ReactNode>>> = {
  '/dashboard': {
    student: studentDashboardFrame,
    employer: dashboardFrame(dashboardTexts.title.employer, dashboardTexts.lead.employer),
    admin: dashboardFrame(dashboardTexts.title.admin, dashboardTexts.admin.body),
  },
  '/projects': {
    student: (
      <div className="pj-projects">
        <ProjectsIntro student />
      </div>
    ),
    admin: (
      <div className="pj-projects">
        <ProjectsIntro student={false} />
      </div>
    ),
  },
  '/workspaces/:matchId': { student: workspaceFrame, employer: workspaceFrame, admin: workspaceFrame },
};

export function renderAppFrames(): AppFrames {
  // Inside antd's App and the theme, as in App.tsx: the same wrapper, whose class sets the font and line
  // height; in a router, for the links.
  const frame = (page: ReactNode) =>
    renderToStaticMarkup(
      <MemoryRouter>
        <ConfigProvider theme={theme}>
          <AntApp>
            <ShellLayout topBar={<TopBarFrame />}>{page}</ShellLayout>
          </AntApp>
        </ConfigProvider>
      </MemoryRouter>,
    );
  return {
    shell: frame(null),
    pages: Object.fromEntries(
      Object.entries(PAGE_FRAMES).map(([path, roles]) => [
        path,
        Object.fromEntries(Object.entries(roles).map(([role, page]) => [role, frame(page)])),
      ]),
    ),
  };
}
