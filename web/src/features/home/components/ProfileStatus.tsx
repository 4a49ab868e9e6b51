import { Progress, Skeleton, Tag } from 'antd';
import { Link } from 'react-router-dom';
import type { ProfileCheck } from '@projectory/contracts';
import type { Dashboard } from '../../../shared/api/dashboard.api';
import { homeTexts } from '../home.texts';
import { nextSteps } from '../../dashboard';
import { palette } from '../../../shared/theme';
import { CardSection } from '../../../shared/ui/CardSection';

const t = homeTexts.profileStatus;

const SETTINGS = '/settings';

/** Where each check is done: the assessment (its results once taken), the skills editor, the profile settings. */
function linkFor(check: ProfileCheck): string | undefined {
  switch (check.key) {
    case 'assessment':
      return check.done ? '/assessment/results' : '/assessment';
    case 'skills':
      return '/skills';
    case 'portfolio':
      return '/portfolio';
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
  dashboard: Dashboard | undefined;
}

/** The sidebar: profile completion and each check behind it, then the user's next steps as tips. */
export function ProfileStatus({ dashboard }: ProfileStatusProps) {
  return (
    <CardSection headingId="home-profile-heading" title={t.title}>
      {dashboard ? (
        <>
          <Progress
            percent={dashboard.profileCompletion}
            aria-label={t.completion(dashboard.profileCompletion)}
            strokeColor={palette.primary}
          />
          <ul className="pj-checks">
            {dashboard.profileChecks.map((check) => {
              const to = linkFor(check);
              return (
                <li key={check.key} className="pj-check">
                  {to ? <Link to={to}>{check.label}</Link> : <span>{check.label}</span>}
                  <Tag color={check.done ? palette.success : undefined}>{check.done ? t.done : t.pending}</Tag>
                </li>
              );
            })}
          </ul>
        </>
      ) : (
        <Skeleton active paragraph={{ rows: 3 }} />
      )}
      {dashboard && (
        <>
          <h3 className="pj-panel__subtitle">{t.tipsTitle}</h3>
          <ul className="pj-tips" aria-label={t.tipsTitle}>
            {nextSteps(dashboard).map((tip) => (
              <li key={tip.key}>
                {tip.text} <Link to={tip.to}>{tip.link}</Link>
              </li>
            ))}
          </ul>
        </>
      )}
    </CardSection>
  );
}
