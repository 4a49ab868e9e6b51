import { App, Switch } from 'antd';
import { useId } from 'react';
import { useGetMyCredentialsQuery, useSetCredentialPublicMutation, type CredentialSummary } from '../../../shared/api';
import { ButtonLink } from '../../../shared/ui/ButtonLink';
import { CardSection } from '../../../shared/ui/CardSection';
import { CredentialList } from '../../../shared/ui/CredentialList';
import { QueryList } from '../../../shared/ui/ListStates';
import { portfolioTexts } from '../portfolio.texts';

const t = portfolioTexts.credentials;

/** The student's credentials (GET /api/credentials/me), each with the switch that lists it on their profile. */
export function CredentialsSection() {
  const query = useGetMyCredentialsQuery(undefined);
  return (
    <CardSection headingId="portfolio-credentials" title={t.title} className="pj-portfolio__credentials">
      <p className="pj-portfolio__credentials-lead">{t.lead}</p>
      <QueryList
        query={query}
        items={query.data?.items}
        loading={t.loading}
        loadError={t.loadError}
        rows={2}
        empty={t.empty}
        emptyAction={<ButtonLink to="/projects">{t.browse}</ButtonLink>}
      >
        {(items) => (
          <CredentialList
            items={items}
            actions={(credential) => credential.status === 'active' && <ProfileSwitch credential={credential} />}
          />
        )}
      </QueryList>
    </CardSection>
  );
}

/** PATCH /api/credentials/:id { public }: the switch moves at once (credentials.api.ts). */
function ProfileSwitch({ credential }: { credential: CredentialSummary }) {
  const [setPublic, { isLoading }] = useSetCredentialPublicMutation();
  const { message } = App.useApp();
  const id = useId();
  const change = (listed: boolean) =>
    void setPublic({ id: credential.id, public: listed })
      .unwrap()
      .catch(() => void message.error(t.saveFailed));
  return (
    <span className="pj-portfolio__credential-switch">
      <Switch
        id={id}
        checked={credential.public}
        loading={isLoading}
        onChange={change}
        aria-label={t.showOnProfileLabel(credential.title)}
      />
      <label htmlFor={id}>{t.showOnProfile}</label>
    </span>
  );
}
