import { App, Switch } from 'antd';
import { useState } from 'react';
import { failureMessage, toApiFailure } from '../../api/api-error';
import { useSetDiscoverableMutation } from '../../shared/api/discoverable.api';
import type { User } from '../../shared/session';
import { FormAlert } from '../../shared/ui/FormAlert';
import { discoverabilityTexts as t } from '../../shared/ui/discoverability.texts';

/**
 * Students: "Let employers find me" (API.md "Finding talent", `PATCH /api/users/me { discoverable }`),
 * saved at once, with what employers then see (never the e-mail address).
 */
export function DiscoverabilityCard({ user }: { user: User }) {
  const [setDiscoverable, saving] = useSetDiscoverableMutation();
  const [failure, setFailure] = useState<string>();
  const { message } = App.useApp();

  const onChange = async (checked: boolean) => {
    setFailure(undefined);
    try {
      await setDiscoverable(checked).unwrap();
      void message.success(t.saved(checked));
    } catch (error) {
      setFailure(failureMessage(toApiFailure(error)) || t.saveFailed);
    }
  };

  return (
    <section className="pj-settings__card pj-settings__section" aria-labelledby="settings-discoverable-heading">
      <h2 id="settings-discoverable-heading" className="pj-settings__heading">
        {t.card.title}
      </h2>
      <FormAlert message={failure} />
      <div className="pj-settings__switch-row">
        <span className="pj-settings__switch-text">
          <label htmlFor="settings-discoverable" className="pj-settings__switch-label">
            {t.switchLabel}
          </label>
          <span id="settings-discoverable-hint" className="pj-settings__switch-hint">
            {t.explanation}
          </span>
        </span>
        <Switch
          id="settings-discoverable"
          aria-describedby="settings-discoverable-hint settings-discoverable-state"
          checked={user.discoverable}
          loading={saving.isLoading}
          onChange={(checked) => void onChange(checked)}
        />
      </div>
      <p id="settings-discoverable-state" className="pj-settings__hint" role="status">
        {user.discoverable ? t.on : t.off}
      </p>
    </section>
  );
}
