import { applicationsPerWeek, recentActivity } from '../analytics';
import { StatGrid, type Stat } from '../../../shared/ui/StatGrid';
import { ListEmpty, ListLoading } from '../../../shared/ui/ListStates';
import { QueryError } from '../../../shared/ui/LoadError';
import { WeeklyBarChart } from '../components/WeeklyBarChart';
import { useGetDashboardReviewsQuery } from '../dashboard.api';
import { dashboardTexts } from '../dashboard.texts';
import { formatMoment } from '../format';
import { useDashboardFigures, useMyMatches, useMyProjects } from '../use-dashboard-data';
import { averageRatingStat, responseTimeStat, successRateStat } from './employer-stats';
import { EmployerPipeline } from './EmployerPipeline';

const t = dashboardTexts.analytics;

/**
 * Total projects, success rate, average rating, the hiring pipeline (invitations to completed, per project),
 * applications per week and recent activity, all from real data.
 */
export function EmployerAnalytics({ userId }: { userId: string }) {
  return (
    <div className="pj-dash__stack">
      <h2 className="pj-visually-hidden">{t.title}</h2>
      <AnalyticsFigures userId={userId} />
      <EmployerPipeline />
      <AnalyticsFromMatches />
    </div>
  );
}

function AnalyticsFigures({ userId }: { userId: string }) {
  const figures = useDashboardFigures();
  const projects = useMyProjects();
  // Only adds "from N reviews" to the rating: without it the rating still shows.
  const reviews = useGetDashboardReviewsQuery(userId);
  const dashboard = figures.data && figures.data.role !== 'student' ? figures.data : undefined;

  if (figures.error && !dashboard) {
    return <QueryError title={dashboardTexts.dashboardError} query={figures} />;
  }
  // Total projects reads '—' when the project list failed: the other figures still stand.
  const totalProjects = projects.data
    ? String(projects.data.items.length)
    : projects.isError
      ? dashboardTexts.none
      : undefined;
  const stats: Stat[] | undefined =
    dashboard && totalProjects !== undefined
      ? [
          { label: dashboardTexts.stats.totalProjects, value: totalProjects },
          successRateStat(dashboard),
          averageRatingStat(dashboard, reviews.data?.count),
          // Total Applicants is on the Overview; here, how quickly they are answered.
          responseTimeStat(dashboard),
        ]
      : undefined;
  return <StatGrid stats={stats} label={dashboardTexts.statsLabel} />;
}

function AnalyticsFromMatches() {
  const { data, error, isLoading, isFetching, refetch } = useMyMatches();

  if (isLoading) return <ListLoading label={t.loading} />;
  if (!data) {
    return <QueryError title={t.loadError} query={{ error, isFetching, refetch }} />;
  }
  const activity = recentActivity(data.items);
  return (
    <div className="pj-dash__analytics">
      <section className="pj-card" aria-labelledby="dash-chart-heading">
        <h3 id="dash-chart-heading" className="pj-card__title">
          {t.chartTitle}
        </h3>
        <WeeklyBarChart weeks={applicationsPerWeek(data.items)} />
      </section>
      <section className="pj-card" aria-labelledby="dash-activity-heading">
        <h3 id="dash-activity-heading" className="pj-card__title">
          {t.activityTitle}
        </h3>
        {activity.length === 0 ? (
          <ListEmpty>{t.activityEmpty}</ListEmpty>
        ) : (
          <ul className="pj-dash__activity">
            {activity.map((event) => (
              <li key={event.key}>
                <span className="pj-dash__activity-text">{event.text}</span>
                <time dateTime={event.at} className="pj-dash__row-sub">
                  {formatMoment(event.at)}
                </time>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
