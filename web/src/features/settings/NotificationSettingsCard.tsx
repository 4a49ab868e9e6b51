import { App, Button, Skeleton, Switch } from 'antd';
import { useState } from 'react';
import { toApiFailure } from '../../api/api-error';
import { FormAlert } from '../../shared/ui/FormAlert';
import {
  useGetNotificationSettingsQuery,
  useSaveNotificationSettingsMutation,
  type NotificationSettings,
} from '../notifications';
import { notificationsTexts } from '../notifications';

const t = notificationsTexts.settings;

type EmailSetting = keyof NotificationSettings['email'];
const SWITCHES: { key: EmailSetting; label: string; hint: string }[] = [
  { key: 'messages', label: t.messages, hint: t.messagesHint },
  { key: 'applications', label: t.applications, hint: t.applicationsHint },
  { key: 'statusChanges', label: t.statusChanges, hint: t.statusChangesHint },
];

/** GET/PUT /api/notifications/settings: which e-mails the user gets; each switch saves at once. */
export function NotificationSettingsCard() {
  const { message } = App.useApp();
  const { data, error, isLoading, isError, isFetching, refetch } = useGetNotificationSettingsQuery(undefined);
  const [save] = useSaveNotificationSettingsMutation();
  const [failure, setFailure] = useState<string>();

  // Saved at once; the switch is never disabled meanwhile, so that keyboard focus stays on it.
  const onChange = async (key: EmailSetting, checked: boolean) => {
    if (!data) return;
    setFailure(undefined);
    try {
      await save({ email: { ...data.email, [key]: checked } }).unwrap();
      void message.success(t.saved);
    } catch (saveError) {
      setFailure(`${t.saveFailed} ${toApiFailure(saveError).message}`);
    }
  };

  return (
    <section className="pj-settings__card pj-settings__notifications" aria-labelledby="settings-notifications-heading">
      <h2 id="settings-notifications-heading" className="pj-settings__heading">
        {t.heading}
      </h2>
      <p className="pj-settings__intro">{t.intro}</p>
      {isLoading ? (
        <div role="status">
          <span className="pj-visually-hidden">{t.loading}</span>
          <Skeleton active title={false} paragraph={{ rows: 3 }} />
        </div>
      ) : isError || !data ? (
        <FormAlert message={`${t.loadError}: ${toApiFailure(error).message}`} />
      ) : (
        <fieldset className="pj-settings__switches">
          <legend className="pj-settings__subheading">{t.emailHeading}</legend>
          <FormAlert message={failure} />
          <ul className="pj-settings__switch-list">
            {SWITCHES.map(({ key, label, hint }) => (
              <li key={key} className="pj-settings__switch-row">
                <span className="pj-settings__switch-text">
                  <label htmlFor={`notification-email-${key}`} className="pj-settings__switch-label">
                    {label}
                  </label>
                  <span id={`notification-email-${key}-hint`} className="pj-settings__switch-hint">
                    {hint}
                  </span>
                </span>
                <Switch
                  id={`notification-email-${key}`}
                  aria-describedby={`notification-email-${key}-hint`}
                  checked={data.email[key]}
                  onChange={(checked) => void onChange(key, checked)}
                />
              </li>
            ))}
          </ul>
          <p className="pj-settings__hint">{t.rule}</p>
        </fieldset>
      )}
      {isError && (
        <Button onClick={() => void refetch()} loading={isFetching}>
          {t.retry}
        </Button>
      )}
    </section>
  );
}
