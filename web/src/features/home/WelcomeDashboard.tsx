import { Alert, Button } from 'antd';
import { toApiFailure } from '../../api/api-error';
import { Icon } from '../../shared/ui/Icon';
import { useDocumentTitle } from '../../shared/lib/use-document-title';
import type { User } from '../../shared/session';
import { useLiveMatchUpdates } from '../dashboard';
import { OnboardingTutorial, useTutorial } from '../onboarding';
import { AssessmentPrompt } from '../../shared/ui/AssessmentPrompt';
import { DiscoverabilityPrompt } from '../../shared/ui/DiscoverabilityPrompt';
import { InvitationsNotice } from '../../shared/ui/InvitationsNotice';
import { QuickActions } from '../../shared/ui/QuickActions';
import { ProfileStatus } from './components/ProfileStatus';
import { RecentMatches } from './components/RecentMatches';
import { StatCards } from './components/StatCards';
import { useGetDashboardQuery, type Dashboard } from '../../shared/api/dashboard.api';
import { homeActions } from './home-actions';
import { homeTexts as t } from './home.texts';
import './home.css';

const assessmentDone = (dashboard: Dashboard) =>
  dashboard.profileChecks.some((check) => check.key === 'assessment' && check.done);

/** Students: the assessment is taken; employers: a project was posted. */
const started = (dashboard: Dashboard) =>
  dashboard.role === 'student'
    ? assessmentDone(dashboard)
    : dashboard.activeProjects > 0 || dashboard.completedProjects > 0 || dashboard.totalApplicants > 0;

export interface WelcomeDashboardProps {
  user: User;
}

/** `/` for a signed-in user (prototype spec §2 "Welcome dashboard"), with the onboarding tutorial. */
export function WelcomeDashboard({ user }: WelcomeDashboardProps) {
  useDocumentTitle(t.documentTitle);
  const tutorial = useTutorial();
  // An application accepted or a new applicant shows here at once, not after a reload.
  useLiveMatchUpdates();
  const { data, error, isError, isFetching, refetch } = useGetDashboardQuery(undefined);
  const student = user.role === 'student';

  return (
    <div className="pj-home">
      <header className="pj-page-header pj-page-header--split">
        <div>
          <h1 className="pj-home__title">{t.greeting(user.firstName || user.email, tutorial.firstVisit)}</h1>
          <p className="pj-home__lead">{student ? t.lead.student : t.lead.employer}</p>
        </div>
        <Button icon={<Icon name="sparkles" size={16} />} onClick={tutorial.reopen}>
          {t.tutorial}
        </Button>
      </header>

      {isError ? (
        <Alert
          type="error"
          showIcon
          className="pj-home__error"
          title={t.error.title}
          description={toApiFailure(error).message}
          action={
            <Button onClick={() => void refetch()} loading={isFetching}>
              {t.error.retry}
            </Button>
          }
        />
      ) : (
        <>
          {data?.unavailable && data.unavailable.length > 0 && (
            <Alert
              type="warning"
              showIcon
              className="pj-home__error"
              title={t.error.partial}
              action={
                <Button size="small" onClick={() => void refetch()} loading={isFetching}>
                  {t.error.retry}
                </Button>
              }
            />
          )}
          <StatCards dashboard={data} />
        </>
      )}

      <div className="pj-home__grid">
        <div className="pj-home__column">
          {student && data && !assessmentDone(data) && <AssessmentPrompt />}
          {/* Asked once after the assessment (API.md "Finding talent"), whether or not its results were opened. */}
          {student && data && assessmentDone(data) && <DiscoverabilityPrompt />}
          {student && <InvitationsNotice />}
          {!isError && (
            <RecentMatches student={student} matches={data?.recentMatches} started={data ? started(data) : false} />
          )}
          <QuickActions title={t.quickActions.title} actions={homeActions(student)} columns={2} />
        </div>
        {!isError && (
          <div className="pj-home__column">
            <ProfileStatus dashboard={data} />
          </div>
        )}
      </div>

      <OnboardingTutorial role={user.role} tutorial={tutorial} />
    </div>
  );
}
