import { Skeleton } from 'antd';
import type { Dashboard } from '../home.api';
import { homeTexts } from '../home.texts';

const t = homeTexts.stats;

interface Stat {
  label: string;
  value: string;
  hint?: string;
}

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
  return (
    <ul className="pj-stats" aria-label={homeTexts.statsLabel} aria-busy={!dashboard}>
      {dashboard
        ? statsFor(dashboard).map((stat) => (
            <li key={stat.label} className="pj-stat">
              <span className="pj-stat__label">{stat.label}</span>
              <span className="pj-stat__value">{stat.value}</span>
              {stat.hint && <span className="pj-stat__hint">{stat.hint}</span>}
            </li>
          ))
        : [0, 1, 2, 3].map((key) => (
            <li key={key} className="pj-stat">
              <Skeleton active title={false} paragraph={{ rows: 2 }} />
            </li>
          ))}
    </ul>
  );
}
