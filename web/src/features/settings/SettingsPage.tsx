import { useSearchParams } from 'react-router-dom';
import { Tabs } from '../../shared/ui/Tabs';
import { useDocumentTitle } from '../../shared/lib/use-document-title';
import { useCurrentUser } from '../../shared/session';
import { DiscoverabilityCard } from './DiscoverabilityCard';
import { NotificationSettingsCard } from './NotificationSettingsCard';
import { PasswordForm } from './PasswordForm';
import { ProfileForm } from './ProfileForm';
import { BlockedUsersCard, VerificationCard } from './SafetySettingsCards';
import { settingsTexts as t } from './settings.texts';
import './settings.css';

type Tab = 'profile' | 'password';

/**
 * /settings: Profile and Password tabs (`?tab=` selects one; the user menu's Profile item links to it),
 * whether employers may find a student, and the notification e-mails below them; company verification (employers) and the blocked users.
 */
export function SettingsPage() {
  useDocumentTitle(t.documentTitle);
  const user = useCurrentUser();
  const [params, setParams] = useSearchParams();
  const tab: Tab = params.get('tab') === 'password' ? 'password' : 'profile';

  return (
    <div className="pj-settings">
      <h1 className="pj-settings__title">{t.title}</h1>
      <p className="pj-settings__lead">{t.lead}</p>
      <div className="pj-settings__card">
        <Tabs
          activeKey={tab}
          onChange={(key: Tab) => setParams({ tab: key }, { replace: true })}
          items={[
            { key: 'profile', label: t.tabs.profile, children: <ProfileForm user={user} /> },
            { key: 'password', label: t.tabs.password, children: <PasswordForm email={user.email} /> },
          ]}
        />
      </div>
      {user.role === 'student' && <DiscoverabilityCard user={user} />}
      <NotificationSettingsCard />
      {user.role === 'employer' && <VerificationCard />}
      <BlockedUsersCard />
    </div>
  );
}
