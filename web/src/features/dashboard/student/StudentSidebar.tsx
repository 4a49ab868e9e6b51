import { Tag } from 'antd';
import { ButtonLink } from '../../../components/ButtonLink';
import { ScoreBar } from '../../../components/ScoreBar';
import { useGetMyAssessmentQuery, type AssessmentResult } from '../../assessment/assessment.api';
import { workingStyleDimensions } from '../../assessment/assessment.texts';
import type { User } from '../../auth/auth.api';
import { ProfileCard } from '../components/ProfileCard';
import { QuickActions } from '../components/QuickActions';
import { TabError, TabLoading } from '../components/TabStates';
import { dashboardTexts } from '../dashboard.texts';
import { useDashboardFigures } from '../use-dashboard-data';

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
          <TabLoading label={t.assessment.loading} rows={3} />
        ) : assessment.data === undefined ? (
          <TabError
            title={t.assessment.loadError}
            error={assessment.error}
            onRetry={() => void assessment.refetch()}
            retrying={assessment.isFetching}
          />
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

/** Working-style bars in the dimensions' order (any dimension the server adds goes last), then the values. */
function AssessmentSummary({ result }: { result: AssessmentResult }) {
  const order: string[] = workingStyleDimensions.map((dimension) => dimension.label);
  const labels = [
    ...order.filter((label) => label in result.workingStyle),
    ...Object.keys(result.workingStyle).filter((label) => !order.includes(label)),
  ];
  return (
    <div className="pj-dash__stack-sm">
      <h3 className="pj-dash__subtitle">{t.assessment.workingStyle}</h3>
      <ul className="pj-dash__bars">
        {labels.map((label) => (
          <li key={label}>
            <ScoreBar label={label} percent={result.workingStyle[label] ?? 0} />
          </li>
        ))}
      </ul>
      <h3 className="pj-dash__subtitle">{t.assessment.values}</h3>
      {result.valuesAlignment.length === 0 ? (
        <p className="pj-dash__muted">{t.assessment.noValues}</p>
      ) : (
        <ol className="pj-dash__chips" aria-label={t.assessment.values}>
          {result.valuesAlignment.map((value) => (
            <li key={value}>
              <Tag color="#4f46e5">{value}</Tag>
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
