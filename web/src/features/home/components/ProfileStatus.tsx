import { Progress, Skeleton, Tag } from 'antd';
import { Link } from 'react-router-dom';
import type { ProfileCheck } from '@projectory/contracts';
import type { Dashboard } from '../home.api';
import { homeTexts } from '../home.texts';

const t = homeTexts.profileStatus;

const SETTINGS = '/settings';

/** Where each check is done: the assessment (its results once taken), the skills editor, the profile settings. */
function linkFor(check: ProfileCheck): string | undefined {
  switch (check.key) {
    case 'assessment':
      return check.done ? '/assessment/results' : '/assessment';
    case 'skills':
      return '/skills';
    case 'name':
    case 'headline':
    case 'company':
    case 'bio':
    case 'location':
    case 'photo':
      return SETTINGS;
    default:
      return undefined;
  }
}

export interface ProfileStatusProps {
  student: boolean;
  dashboard: Dashboard | undefined;
}

/** The sidebar: profile completion and each check behind it, then tips for the role. */
export function ProfileStatus({ student, dashboard }: ProfileStatusProps) {
  return (
    <section className="pj-panel" aria-labelledby="home-profile-heading">
      <h2 id="home-profile-heading" className="pj-panel__title">
        {t.title}
      </h2>
      {dashboard ? (
        <>
          <Progress
            percent={dashboard.profileCompletion}
            aria-label={t.completion(dashboard.profileCompletion)}
            strokeColor="#4f46e5"
          />
          <ul className="pj-checks">
            {dashboard.profileChecks.map((check) => {
              const to = linkFor(check);
              return (
                <li key={check.key} className="pj-check">
                  {to ? <Link to={to}>{check.label}</Link> : <span>{check.label}</span>}
                  <Tag color={check.done ? '#15803d' : undefined}>{check.done ? t.done : t.pending}</Tag>
                </li>
              );
            })}
          </ul>
        </>
      ) : (
        <Skeleton active paragraph={{ rows: 3 }} />
      )}
      <h3 className="pj-panel__subtitle">{t.tipsTitle}</h3>
      <ul className="pj-tips">
        {(student ? t.tips.student : t.tips.employer).map((tip) => (
          <li key={tip}>{tip}</li>
        ))}
      </ul>
    </section>
  );
}
