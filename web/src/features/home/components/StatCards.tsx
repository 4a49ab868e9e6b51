import type { Dashboard } from '../../../shared/api/dashboard.api';
import { StatGrid, type Stat } from '../../../shared/ui/StatGrid';
import { homeTexts } from '../home.texts';

const t = homeTexts.stats;

/** The four figures of the role (prototype spec §2), exactly as GET /api/dashboard gives them. */
export function statsFor(dashboard: Dashboard): Stat[] {
  if (dashboard.role === 'student') {
    const limit = dashboard.connectionsLimit;
    return [
      { label: t.activeMatches, value: String(dashboard.activeMatches) },
      { label: t.profileComplete, value: `${dashboard.profileCompletion}%` },
      limit === null
        ? { label: t.connections, value: t.unlimited }
        : { label: t.connections, value: t.connectionsOf(dashboard.connectionsUsed, limit), hint: t.connectionsHint },
      { label: t.unreadMessages, value: String(dashboard.unreadMessages) },
    ];
  }
  return [
    { label: t.candidates, value: String(dashboard.pendingCandidates) },
    dashboard.successRate === null
      ? { label: t.successRate, value: t.noRate, hint: t.noRateHint }
      : { label: t.successRate, value: `${Math.round(dashboard.successRate)}%` },
    { label: t.activeProjects, value: String(dashboard.activeProjects) },
    { label: t.unreadMessages, value: String(dashboard.unreadMessages) },
  ];
}

export interface StatCardsProps {
  dashboard: Dashboard | undefined;
}

export function StatCards({ dashboard }: StatCardsProps) {
  return <StatGrid stats={dashboard && statsFor(dashboard)} label={homeTexts.statsLabel} />;
}
