import { App, Button } from 'antd';
import { EMPLOYER_VERIFICATION_PATH } from '@projectory/contracts/values';
import { failureMessage, toApiFailure } from '../../api/api-error';
import { useGetBlocksQuery, useUnblockUserMutation, type BlockedUser } from '../../shared/api/safety.api';
import { formatDate } from '../../shared/lib/format-date';
import { personName } from '../../shared/lib/person-name';
import { ButtonLink } from '../../shared/ui/ButtonLink';
import { QueryList } from '../../shared/ui/ListStates';
import { safetyTexts } from '../../shared/ui/safety.texts';
import { settingsTexts } from './settings.texts';

/** Employers: where they stand with company verification, and the way to /verification. */
export function VerificationCard() {
  const t = settingsTexts.verification;
  return (
    <section className="pj-settings__card pj-settings__section" aria-labelledby="settings-verification-heading">
      <h2 id="settings-verification-heading" className="pj-settings__heading">
        {t.heading}
      </h2>
      <p className="pj-settings__intro">{t.intro}</p>
      <ButtonLink to={EMPLOYER_VERIFICATION_PATH}>{t.open}</ButtonLink>
    </section>
  );
}

/** GET /api/blocks: the people the user blocked (or reported), each with Unblock. */
export function BlockedUsersCard() {
  const t = settingsTexts.blocked;
  const query = useGetBlocksQuery(undefined);
  return (
    <section className="pj-settings__card pj-settings__section" aria-labelledby="settings-blocked-heading">
      <h2 id="settings-blocked-heading" className="pj-settings__heading">
        {t.heading}
      </h2>
      <p className="pj-settings__intro">{t.intro}</p>
      <QueryList
        query={query}
        items={query.data?.items}
        loading={t.loading}
        loadError={t.loadError}
        rows={2}
        empty={t.empty}
      >
        {(items) => (
          <ul className="pj-settings__blocked" aria-label={t.label}>
            {items.map((blocked) => (
              <BlockedRow key={blocked.userId} blocked={blocked} />
            ))}
          </ul>
        )}
      </QueryList>
    </section>
  );
}

function BlockedRow({ blocked }: { blocked: BlockedUser }) {
  const [unblock, { isLoading }] = useUnblockUserMutation();
  const { message } = App.useApp();
  const name = personName(blocked, blocked.userId.slice(0, 8));
  const b = safetyTexts.block;
  return (
    <li className="pj-settings__blocked-row">
      <span className="pj-settings__switch-text">
        <span className="pj-settings__switch-label">{name}</span>
        <span className="pj-settings__switch-hint">{settingsTexts.blocked.since(formatDate(blocked.blockedAt))}</span>
      </span>
      <Button
        loading={isLoading}
        aria-label={b.unblockLabel(name)}
        onClick={() =>
          void unblock(blocked.userId)
            .unwrap()
            .then(
              () => void message.success(b.unblocked(name)),
              (error: unknown) => void message.error(`${b.failed}: ${failureMessage(toApiFailure(error))}`),
            )
        }
      >
        {b.unblock}
      </Button>
    </li>
  );
}
