import { Tag } from 'antd';
import { useId, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { CredentialSummary } from '@projectory/contracts';
import { formatDate } from '../lib/format-date';
import { palette } from '../theme';
import { CardList } from './CardList';
import { TagList } from './TagList';
import { credentialPagePath, credentialsTexts as t } from './credentials.texts';
import './match-card.css';
import './credential-list.css';

export interface CredentialListProps {
  items: readonly CredentialSummary[];
  /** What may be done with one here: the student's "Show on my profile", the issuing employer's Revoke. */
  actions?: (credential: CredentialSummary) => ReactNode;
}

/**
 * Credentials a student earned (API.md "Credentials"), one card each (match-card.css, the cards of
 * applications): the project's title as the link to its public page, the kind, the employer, the date,
 * active or revoked, the skills.
 */
export function CredentialList({ items, actions }: CredentialListProps) {
  return (
    <CardList items={items} className="pj-credential-list">
      {(credential) => <CredentialCard credential={credential} actions={actions?.(credential)} />}
    </CardList>
  );
}

function CredentialCard({ credential, actions }: { credential: CredentialSummary; actions: ReactNode }) {
  const id = useId();
  const { title, status } = credential;
  return (
    <article className="pj-match-card pj-credential-card" aria-labelledby={id}>
      <div className="pj-match-card__head">
        <h3 id={id} className="pj-match-card__title">
          <Link to={credentialPagePath(credential.id)} aria-label={t.viewLabel(title)}>
            {title}
          </Link>
        </h3>
        <Tag color={status === 'revoked' ? palette.danger : palette.success} className="pj-match-card__overall">
          {t.status[status] ?? status}
        </Tag>
      </div>
      <p className="pj-match-card__meta">
        {t.achievementType[credential.achievementType] ?? credential.achievementType} ·{' '}
        {t.from(credential.employer.company || t.someEmployer)} · {t.issued(formatDate(credential.issuedAt))}
      </p>
      <TagList tags={credential.skills} label={t.skillsLabel(title)} max={6} />
      {actions && <div className="pj-match-card__foot">{actions}</div>}
    </article>
  );
}
