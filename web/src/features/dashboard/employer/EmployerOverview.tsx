import { Alert, Button, Tag } from 'antd';
import { Link } from 'react-router-dom';
import { ButtonLink } from '../../../shared/ui/ButtonLink';
import { StatGrid } from '../../../shared/ui/StatGrid';
import { ListEmpty, ListLoading } from '../../../shared/ui/ListStates';
import { QueryError } from '../../../shared/ui/LoadError';
import { RECENT_LIMIT, dashboardTexts } from '../dashboard.texts';
import { useDashboardFigures, useMyProjects } from '../use-dashboard-data';
import { overviewStats } from './employer-stats';
import { palette } from '../../../shared/theme';
import { CardSection } from '../../../shared/ui/CardSection';
import { ActiveCollaborations } from '../components/ActiveCollaborations';

const t = dashboardTexts;

/** The eight figures, then the 3 newest projects with their real applicant counts. */
export function EmployerOverview({ onViewAll }: { onViewAll: () => void }) {
  const figures = useDashboardFigures();
  const dashboard = figures.data && figures.data.role !== 'student' ? figures.data : undefined;

  return (
    <div className="pj-dash__stack">
      {figures.error && !dashboard ? (
        <QueryError title={t.dashboardError} query={figures} />
      ) : (
        <>
          {figures.data?.unavailable && figures.data.unavailable.length > 0 && (
            <Alert
              type="warning"
              showIcon
              title={t.partial}
              action={
                <Button size="small" onClick={() => void figures.refetch()} loading={figures.isFetching}>
                  {t.retry}
                </Button>
              }
            />
          )}
          <StatGrid stats={dashboard && overviewStats(dashboard)} placeholders={8} label={t.statsLabel} />
        </>
      )}
      <RecentProjects onViewAll={onViewAll} />
      <ActiveCollaborations role="employer" />
    </div>
  );
}

function RecentProjects({ onViewAll }: { onViewAll: () => void }) {
  const { data, error, isLoading, isFetching, refetch } = useMyProjects();
  const recent = data?.items
    .slice()
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt))
    .slice(0, RECENT_LIMIT);

  let body;
  if (isLoading) {
    body = <ListLoading label={t.employerProjects.loading} rows={3} />;
  } else if (!recent) {
    body = <QueryError title={t.employerProjects.loadError} query={{ error, isFetching, refetch }} />;
  } else if (recent.length === 0) {
    body = (
      <ListEmpty
        action={
          <ButtonLink type="primary" to="/projects">
            {t.employerProjects.create}
          </ButtonLink>
        }
      >
        {t.employerOverview.empty}
      </ListEmpty>
    );
  } else {
    body = (
      <ul className="pj-dash__rows">
        {recent.map((project) => (
          <li key={project.id} className="pj-dash__row">
            <div className="pj-dash__row-text">
              <Link to={`/projects/${project.id}`} className="pj-dash__row-link">
                {project.title}
              </Link>
              <span className="pj-dash__row-sub">{t.employerOverview.candidates(project.applicantCount)}</span>
            </div>
            <Tag color={project.isActive ? palette.success : undefined}>
              {project.isActive ? t.employerProjects.active : t.employerProjects.inactive}
            </Tag>
          </li>
        ))}
      </ul>
    );
  }

  return (
    <CardSection
      headingId="dash-recent-projects-heading"
      title={t.employerOverview.recentProjects}
      headClassName="pj-dash__head"
      aside={
        <Button type="link" onClick={onViewAll} className="pj-dash__link-button">
          {t.employerOverview.viewAll}
        </Button>
      }
    >
      {body}
    </CardSection>
  );
}
