import { Link } from 'react-router-dom';
import type { User } from '../../../shared/session';
import { nextSteps } from '../next-steps';
import { ProfileCard } from '../components/ProfileCard';
import { QuickActions } from '../../../shared/ui/QuickActions';
import { dashboardTexts } from '../dashboard.texts';
import { useDashboardFigures } from '../use-dashboard-data';

const t = dashboardTexts;

/** Company profile, quick actions and tips, the next step first (prototype spec §2, employer sidebar). */
export function CompanySidebar({ user }: { user: User }) {
  const figures = useDashboardFigures();
  const completion = figures.data ? figures.data.profileCompletion : figures.isError ? null : undefined;
  const incomplete = !user.company || !user.headline || !user.location;
  return (
    <>
      <ProfileCard
        user={user}
        title={t.company.title}
        showCompany
        completion={completion}
        actionLabel={t.company.edit}
        hint={incomplete ? t.company.addDetails : undefined}
      />
      <QuickActions
        title={t.quickActions.title}
        actions={[
          { to: '/projects', label: t.quickActions.createProject },
          { to: '/matching-demo', label: t.quickActions.matches },
          { to: '/messages', label: t.quickActions.viewMessages },
          { to: '/settings', label: t.quickActions.settings },
        ]}
      />
      <section className="pj-card" aria-labelledby="dash-tips-heading">
        <h2 id="dash-tips-heading" className="pj-card__title">
          {t.company.tipsTitle}
        </h2>
        <ul className="pj-tips">
          {figures.data &&
            nextSteps(figures.data).map((tip) => (
              <li key={tip.key}>
                {tip.text} <Link to={tip.to}>{tip.link}</Link>
              </li>
            ))}
          {t.company.tips.map((tip) => (
            <li key={tip}>{tip}</li>
          ))}
        </ul>
      </section>
    </>
  );
}
