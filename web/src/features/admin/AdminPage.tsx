import { Grid, Select } from 'antd';
import { useSearchParams } from 'react-router-dom';
import { Tabs } from '../../shared/ui/Tabs';
import { useDocumentTitle } from '../../shared/lib/use-document-title';
import { adminTexts as t } from './admin.texts';
import { AdminStatCards } from './components/AdminStatCards';
import { AssessmentsTab } from './components/AssessmentsTab';
import { AuditTab } from './components/AuditTab';
import { ExportButtons } from './components/ExportButtons';
import { MatchesTab } from './components/MatchesTab';
import { OperationsTab } from './components/OperationsTab';
import { ProjectsTab } from './components/ProjectsTab';
import { SafetyReportsTab } from './components/SafetyReportsTab';
import { SkillsTab } from './components/SkillsTab';
import { UpgradeRequestsTab } from './components/UpgradeRequestsTab';
import { UsersTab } from './components/UsersTab';
import { VerificationTab } from './components/VerificationTab';
import './admin.css';

const TABS = [
  { key: 'users', label: t.tabs.users, Component: UsersTab },
  { key: 'assessments', label: t.tabs.assessments, Component: AssessmentsTab },
  { key: 'skills', label: t.tabs.skills, Component: SkillsTab },
  { key: 'matches', label: t.tabs.matches, Component: MatchesTab },
  { key: 'projects', label: t.tabs.projects, Component: ProjectsTab },
  { key: 'requests', label: t.tabs.requests, Component: UpgradeRequestsTab },
  { key: 'reports', label: t.tabs.reports, Component: SafetyReportsTab },
  { key: 'verification', label: t.tabs.verification, Component: VerificationTab },
  { key: 'audit', label: t.tabs.audit, Component: AuditTab },
  { key: 'operations', label: t.tabs.operations, Component: OperationsTab },
] as const;
type TabKey = (typeof TABS)[number]['key'];
const TAB_PARAM = 'tab';

/**
 * /admin (prototype spec §2 "Admin database dashboard", issue 16): the stat cards, then one tab per
 * table. The tab is in the address (?tab=projects) so it can be linked; only the open tab asks the
 * server (the other tabs' panels are not rendered).
 */
export function AdminPage() {
  useDocumentTitle(t.documentTitle);
  const [params, setParams] = useSearchParams();
  const requested = params.get(TAB_PARAM);
  const tab: TabKey = TABS.find((item) => item.key === requested)?.key ?? 'users';
  // Ten tabs do not fit a phone: a select there, which shows them all at once instead of a list to scroll.
  const narrow = Grid.useBreakpoint().lg === false;
  const show = (key: string) =>
    setParams(
      (current) => {
        if (key === 'users') current.delete(TAB_PARAM);
        else current.set(TAB_PARAM, key);
        return current;
      },
      { replace: true },
    );
  const active = TABS.find((item) => item.key === tab)!;

  return (
    <div className="pj-admin">
      <header className="pj-page-header pj-admin__header">
        <div>
          <h1 className="pj-page-header__title">{t.title}</h1>
          <p className="pj-page-header__lead">{t.lead}</p>
        </div>
        <ExportButtons />
      </header>
      <AdminStatCards />
      <div className="pj-card pj-admin__tabs">
        {narrow ? (
          <>
            <Select
              className="pj-admin__picker"
              aria-label={t.tabsLabel}
              value={tab}
              onChange={show}
              options={TABS.map(({ key, label }) => ({ value: key, label }))}
            />
            <active.Component key={tab} />
          </>
        ) : (
          <Tabs
            activeKey={tab}
            destroyOnHidden
            onChange={show}
            aria-label={t.tabsLabel}
            items={TABS.map(({ key, label, Component }) => ({ key, label, children: <Component /> }))}
          />
        )}
      </div>
    </div>
  );
}
