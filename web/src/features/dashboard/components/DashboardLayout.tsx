import type { ReactNode } from 'react';
import { Tabs } from '../../../shared/ui/Tabs';
import { dashboardTexts as t } from '../dashboard.texts';
import { PageHeader } from '../../../shared/ui/PageHeader';

type TabKey = keyof typeof t.tabs;

export interface DashboardLayoutProps<K extends TabKey> {
  title: string;
  lead: string;
  tabs: readonly K[];
  tab: K;
  onTab: (tab: K) => void;
  panels: Record<K, ReactNode>;
  /** Names the sidebar for screen readers. */
  sideLabel: string;
  sidebar: ReactNode;
}

/** Both dashboards: the page header, the tabs with their panels, and the sidebar beside them. */
export function DashboardLayout<K extends TabKey>(props: DashboardLayoutProps<K>) {
  const { title, lead, tabs, tab, onTab, panels, sideLabel, sidebar } = props;
  return (
    <div className="pj-dash">
      <DashboardHeader title={title} lead={lead} />
      <div className="pj-dash__grid">
        <div className="pj-dash__main">
          <Tabs
            activeKey={tab}
            onChange={onTab}
            aria-label={t.tabsLabel}
            className="pj-dash__tabs"
            items={tabs.map((key) => ({ key, label: t.tabs[key], children: panels[key] }))}
          />
        </div>
        <aside className="pj-dash__side" aria-label={sideLabel}>
          {sidebar}
        </aside>
      </div>
    </div>
  );
}

/**
 * The dashboards' title and lead. Static for a role: index.html's first frame shows it, in a `pj-dash`
 * wrapper as here, before the app has loaded (app/app-frames.tsx).
 */
export function DashboardHeader({ title, lead }: { title: string; lead: string }) {
  return <PageHeader title={title} lead={lead} />;
}
