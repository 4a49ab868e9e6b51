import { Alert, App, Button } from 'antd';
import { useId, useState } from 'react';
import { toApiFailure, failureMessage } from '../../api/api-error';
import { useSetDiscoverableMutation } from '../api/discoverable.api';
import { useCurrentUser } from '../session';
import { discoverabilityTexts as t } from './discoverability.texts';
import './discoverability.css';

const askedKey = (userId: string) => `pj:discoverable-asked:${userId}`;

/** Whether this browser already asked the user (a storage that cannot be read: asked, so never nagging). */
function wasAsked(userId: string): boolean {
  try {
    return window.localStorage.getItem(askedKey(userId)) !== null;
  } catch {
    return true;
  }
}

function rememberAsked(userId: string): void {
  try {
    window.localStorage.setItem(askedKey(userId), new Date().toISOString());
  } catch {
    // not remembered: asked again next time, which is harmless
  }
}

/**
 * "Let employers find you?" asked once, after the culture assessment (API.md "Finding talent"), to a
 * student who is not discoverable yet: Yes saves `discoverable: true`, Not now only remembers that it
 * was asked (per user, in this browser). The settings keep the switch for later.
 */
export function DiscoverabilityPrompt() {
  const user = useCurrentUser();
  const headingId = useId();
  const { message } = App.useApp();
  const [dismissed, setDismissed] = useState(() => wasAsked(user.id));
  const [setDiscoverable, saving] = useSetDiscoverableMutation();
  const [error, setError] = useState<string>();

  if (user.role !== 'student' || user.discoverable || dismissed) return null;

  const notNow = () => {
    rememberAsked(user.id);
    setDismissed(true);
  };
  const yes = async () => {
    setError(undefined);
    try {
      await setDiscoverable(true).unwrap();
      rememberAsked(user.id);
      setDismissed(true);
      void message.success(t.saved(true));
    } catch (failure) {
      setError(failureMessage(toApiFailure(failure)) || t.saveFailed);
    }
  };

  return (
    <section className="pj-card pj-discoverable-prompt" aria-labelledby={headingId}>
      <h2 id={headingId} className="pj-card__title">
        {t.prompt.title}
      </h2>
      <p className="pj-discoverable__explanation">{t.explanation}</p>
      {error && <Alert type="error" showIcon role="alert" title={error} className="pj-discoverable__error" />}
      <div className="pj-discoverable-prompt__actions">
        <Button type="primary" onClick={() => void yes()} loading={saving.isLoading}>
          {t.prompt.yes}
        </Button>
        <Button onClick={notNow} disabled={saving.isLoading}>
          {t.prompt.notNow}
        </Button>
      </div>
      <p className="pj-discoverable-prompt__later">{t.prompt.later}</p>
    </section>
  );
}
