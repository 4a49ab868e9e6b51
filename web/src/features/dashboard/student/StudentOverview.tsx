import { Alert, Button } from 'antd';
import { AssessmentPrompt } from '../../../shared/ui/AssessmentPrompt';
import { ClosedReason, MatchBadges } from '../../../shared/ui/MatchTags';
import type { StudentDashboard } from '../../../shared/api/dashboard.api';
import { StatGrid, type Stat } from '../../../shared/ui/StatGrid';
import { ListEmpty, ListLoading } from '../../../shared/ui/ListStates';
import { QueryError } from '../../../shared/ui/LoadError';
import { RECENT_LIMIT, dashboardTexts } from '../dashboard.texts';
import { useDashboardFigures } from '../use-dashboard-data';
import { CardSection } from '../../../shared/ui/CardSection';
import { ActiveCollaborations } from '../components/ActiveCollaborations';

const t = dashboardTexts;

/**
 * The student's figures; while they load (no `dashboard`), their labels and hints with a placeholder for
 * each value, as index.html's first frame also shows them (app-frames.tsx). The connections' hint shows
 * then as with a limit (the free plan).
 */
export function StudentStats({ dashboard: d }: { dashboard?: StudentDashboard }) {
  const s = t.stats;
  const limit = d ? d.connectionsLimit : 0;
  const stats: Stat[] = [
    { label: s.activeMatches, value: d && String(d.activeMatches), hint: s.activeMatchesHint },
    { label: s.completedProjects, value: d && String(d.completedProjects) },
    { label: s.unreadMessages, value: d && String(d.unreadMessages) },
    limit === null
      ? { label: s.connections, value: s.unlimited }
      : { label: s.connections, value: d && s.connectionsOf(d.connectionsUsed, limit), hint: s.connectionsHint },
  ];
  return <StatGrid stats={stats} label={t.statsLabel} />;
}

/** Figures, the assessment prompt while there is none, and the 3 most recent applications. */
export function StudentOverview({ onViewAll }: { onViewAll: () => void }) {
  const { data, error, isFetching, refetch } = useDashboardFigures();
  const dashboard = data?.role === 'student' ? data : undefined;

  if (error && !dashboard) {
    return <QueryError title={t.dashboardError} query={{ error, isFetching, refetch }} />;
  }
  if (!dashboard) {
    // Until the figures are here, one placeholder where the assessment prompt (shown or not, as they
    // say) and the recent applications will be: neither then pushes the other down (layout shift).
    return (
      <div className="pj-dash__stack">
        <StudentStats />
        <ListLoading label={t.recent.loading} rows={3} />
      </div>
    );
  }
  const assessmentDone = dashboard.profileChecks.some((check) => check.key === 'assessment' && check.done);

  return (
    <div className="pj-dash__stack">
      {dashboard.unavailable && dashboard.unavailable.length > 0 && (
        <Alert
          type="warning"
          showIcon
          title={t.partial}
          action={
            <Button size="small" onClick={() => void refetch()} loading={isFetching}>
              {t.retry}
            </Button>
          }
        />
      )}
      <StudentStats dashboard={dashboard} />
      {!assessmentDone && <AssessmentPrompt />}
      <CardSection
        headingId="dash-recent-heading"
        title={t.recent.title}
        headClassName="pj-dash__head"
        aside={
          <Button type="link" onClick={onViewAll} className="pj-dash__link-button">
            {t.recent.viewAll}
          </Button>
        }
      >
        {dashboard.recentMatches.length === 0 ? (
          <ListEmpty>{assessmentDone ? t.recent.emptyAssessed : t.recent.empty}</ListEmpty>
        ) : (
          <ul className="pj-dash__rows">
            {dashboard.recentMatches.slice(0, RECENT_LIMIT).map((match) => (
              <li key={match.id} className="pj-dash__row">
                <div className="pj-dash__row-text">
                  <span className="pj-dash__row-title">{match.projectTitle}</span>
                  <span className="pj-dash__row-sub">{t.recent.with(match.counterpartName)}</span>
                  <ClosedReason status={match.status} reason={match.closedReason} />
                </div>
                <MatchBadges score={match.matchScore} status={match.status} className="pj-dash__tags" />
              </li>
            ))}
          </ul>
        )}
      </CardSection>
      <ActiveCollaborations role="student" />
    </div>
  );
}
