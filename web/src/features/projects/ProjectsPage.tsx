import { useEffect } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Tabs } from '../../shared/ui/Tabs';
import { useDocumentTitle } from '../../shared/lib/use-document-title';
import { useCurrentUser } from '../../shared/session';
import { BrowseProjects } from './components/BrowseProjects';
import { EmployerProjects } from './components/EmployerProjects';
import { MyApplications } from './components/MyApplications';
import { projectsTexts as t } from './projects.texts';
import { PageHeader } from '../../shared/ui/PageHeader';
import './projects.css';

type Tab = 'browse' | 'applications';
const TAB_PARAM = 'tab';

/**
 * /projects (prototype spec §2 "Projects page"): students browse and apply, and follow their
 * applications; employers manage their own projects. Admins browse only.
 */
export function ProjectsPage() {
  const user = useCurrentUser();
  const student = user.role === 'student';
  const employer = user.role === 'employer';
  useDocumentTitle(employer ? t.documentTitle.employer : t.documentTitle.student);
  const [params, setParams] = useSearchParams();
  const createOnOpen = employer && params.get('create') !== null;

  useEffect(() => {
    // The dialog opened; a reload should not open it again.
    if (createOnOpen) setParams((current) => (current.delete('create'), current), { replace: true });
  }, [createOnOpen, setParams]);

  return (
    <div className="pj-projects">
      {employer ? (
        <EmployerProjects createOnOpen={createOnOpen} />
      ) : (
        <>
          <ProjectsIntro student={student} />
          {student ? <StudentTabs /> : <BrowseProjects canApply={false} />}
        </>
      )}
    </div>
  );
}

/**
 * The title and lead of the students' and the admins' list (the employer's has its create button:
 * EmployerProjects). Static: index.html's first frame shows it before the app has loaded (app/app-frames.tsx).
 */
export function ProjectsIntro({ student }: { student: boolean }) {
  return <PageHeader title={t.title.student} lead={student ? t.lead.student : t.lead.admin} />;
}

/** 'Browse Projects' and 'My Applications'; the tab is in the address (?tab=applications), so it can be linked. */
function StudentTabs() {
  const [params, setParams] = useSearchParams();
  const tab: Tab = params.get(TAB_PARAM) === 'applications' ? 'applications' : 'browse';
  const show = (next: Tab) =>
    setParams(
      (current) => {
        if (next === 'browse') current.delete(TAB_PARAM);
        else current.set(TAB_PARAM, next);
        return current;
      },
      { replace: true },
    );

  return (
    <Tabs
      activeKey={tab}
      onChange={show}
      items={[
        { key: 'browse', label: t.tabs.browse, children: <BrowseProjects canApply /> },
        {
          key: 'applications',
          label: t.tabs.applications,
          children: <MyApplications onBrowse={() => show('browse')} />,
        },
      ]}
    />
  );
}
