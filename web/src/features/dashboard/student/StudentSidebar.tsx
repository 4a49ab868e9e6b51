import { Tag } from 'antd';
import { ButtonLink } from '../../../shared/ui/ButtonLink';
import { useGetMyAssessmentQuery, type AssessmentResult } from '../../../shared/api/assessment.api';
import { WorkingStyleBars } from '../../../shared/ui/WorkingStyleBars';
import type { User } from '../../../shared/session';
import { ProfileCard } from '../components/ProfileCard';
import { QuickActions } from '../../../shared/ui/QuickActions';
import { ListLoading } from '../../../shared/ui/ListStates';
import { QueryError } from '../../../shared/ui/LoadError';
import { dashboardTexts } from '../dashboard.texts';
import { useDashboardFigures } from '../use-dashboard-data';
import { palette } from '../../../shared/theme';

const t = dashboardTexts;

/** Profile summary, assessment results and quick actions (prototype spec §2, student sidebar). */
export function StudentSidebar({ user }: { user: User }) {
  const figures = useDashboardFigures();
  const assessment = useGetMyAssessmentQuery(undefined);
  const completion = figures.data ? figures.data.profileCompletion : figures.isError ? null : undefined;
  const done = Boolean(assessment.data);

  return (
    <>
      <ProfileCard user={user} title={t.profile.title} completion={completion} actionLabel={t.profile.update} />
      <section className="pj-card" aria-labelledby="dash-assessment-heading">
        <h2 id="dash-assessment-heading" className="pj-card__title">
          {t.assessment.title}
        </h2>
        {assessment.isLoading ? (
          <ListLoading label={t.assessment.loading} rows={3} />
        ) : assessment.data === undefined ? (
          <QueryError title={t.assessment.loadError} query={assessment} />
        ) : assessment.data === null ? (
          <div className="pj-dash__stack-sm">
            <p className="pj-dash__muted">{t.assessment.emptyBody}</p>
            <ButtonLink type="primary" to="/assessment" block>
              {t.assessment.take}
            </ButtonLink>
          </div>
        ) : (
          <AssessmentSummary result={assessment.data} />
        )}
      </section>
      <QuickActions
        title={t.quickActions.title}
        actions={[
          { to: '/projects', label: t.quickActions.browseProjects },
          { to: '/messages', label: t.quickActions.viewMessages },
          { to: '/assessment', label: done ? t.quickActions.retakeAssessment : t.quickActions.completeAssessment },
          { to: '/settings', label: t.quickActions.updateProfile },
        ]}
      />
    </>
  );
}

/** Working-style bars, then the values. */
function AssessmentSummary({ result }: { result: AssessmentResult }) {
  return (
    <div className="pj-dash__stack-sm">
      <h3 className="pj-dash__subtitle">{t.assessment.workingStyle}</h3>
      <WorkingStyleBars workingStyle={result.workingStyle} className="pj-dash__bars" />
      <h3 className="pj-dash__subtitle">{t.assessment.values}</h3>
      {result.valuesAlignment.length === 0 ? (
        <p className="pj-dash__muted">{t.assessment.noValues}</p>
      ) : (
        <ol className="pj-dash__chips" aria-label={t.assessment.values}>
          {result.valuesAlignment.map((value) => (
            <li key={value}>
              <Tag color={palette.primary}>{value}</Tag>
            </li>
          ))}
        </ol>
      )}
      <ButtonLink to="/assessment/results" block>
        {t.assessment.viewAll}
      </ButtonLink>
    </div>
  );
}
