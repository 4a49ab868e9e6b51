import { Progress, Skeleton, Tag } from 'antd';
import { ButtonLink } from '../../../shared/ui/ButtonLink';
import type { User } from '../../../shared/session';
import { UserAvatar } from '../../../shared/ui/UserAvatar';
import { personName } from '../../../shared/lib/person-name';
import { dashboardTexts } from '../dashboard.texts';
import { palette } from '../../../shared/theme';
import { CardSection } from '../../../shared/ui/CardSection';

const t = dashboardTexts.profile;

export interface ProfileCardProps {
  user: User;
  /** Heading of the card: 'Profile' for students, 'Company Profile' for employers. */
  title: string;
  /** The company's name leads an employer's card. */
  showCompany?: boolean;
  /** From GET /api/dashboard; undefined while it loads, null when it failed. */
  completion: number | null | undefined;
  actionLabel: string;
  /** What is missing, shown above the action. */
  hint?: string;
}

/** The sidebar's summary of who this is: avatar, name, headline, location, role and profile completion. */
export function ProfileCard({ user, title, showCompany = false, completion, actionLabel, hint }: ProfileCardProps) {
  const name = personName(user, user.email);
  const role = t.roles[user.role] ?? user.role;
  const company = user.company?.trim();
  return (
    <CardSection headingId="dash-profile-heading" title={title} className="pj-dash__profile">
      <div className="pj-dash__who">
        <UserAvatar user={user} size={56} />
        <div className="pj-dash__who-text">
          {showCompany ? (
            <>
              <p className="pj-dash__name">{company || dashboardTexts.company.noCompany}</p>
              <p className="pj-dash__sub">{name}</p>
            </>
          ) : (
            <p className="pj-dash__name">{name}</p>
          )}
          <Tag className="pj-dash__role">{role}</Tag>
        </div>
      </div>
      {user.headline ? (
        <p className="pj-dash__headline">{user.headline}</p>
      ) : (
        !hint && <p className="pj-dash__muted">{t.noHeadline}</p>
      )}
      {user.location && (
        <p className="pj-dash__location">
          <span className="pj-visually-hidden">{t.location}: </span>
          {user.location}
        </p>
      )}
      {completion === undefined ? (
        <Skeleton active title={false} paragraph={{ rows: 1 }} />
      ) : (
        completion !== null && (
          <div className="pj-dash__completion">
            <span className="pj-dash__completion-text">{t.completion(completion)}</span>
            <Progress percent={completion} aria-label={t.completionLabel} strokeColor={palette.primary} size="small" />
          </div>
        )
      )}
      {hint && <p className="pj-dash__muted">{hint}</p>}
      <ButtonLink to="/settings" block>
        {actionLabel}
      </ButtonLink>
    </CardSection>
  );
}
