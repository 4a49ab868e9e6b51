import { useId } from 'react';
import { INVITATIONS_PATH } from '@projectory/contracts/values';
import { usePendingInvitations } from '../api/invitations.api';
import { ButtonLink } from './ButtonLink';
import { Icon } from './Icon';
import { invitationsNoticeTexts as t } from './invitations-notice.texts';
import './invitations-notice.css';

/**
 * A student's pending invitations, counted, with the way to them (API.md "Finding talent"): on Home
 * and above My Applications. Nothing while the list loads, when it failed, or when none waits and
 * `hideWhenNone` is set.
 */
export function InvitationsNotice({ hideWhenNone = false, className }: { hideWhenNone?: boolean; className?: string }) {
  const headingId = useId();
  const pending = usePendingInvitations();
  if (pending === undefined || (hideWhenNone && pending === 0)) return null;
  return (
    <section
      className={['pj-card pj-invitations-notice', pending > 0 && 'pj-invitations-notice--waiting', className]
        .filter(Boolean)
        .join(' ')}
      aria-labelledby={headingId}
    >
      <span className="pj-invitations-notice__icon">
        <Icon name="chat" size={20} />
      </span>
      <div className="pj-invitations-notice__text">
        <h2 id={headingId} className="pj-card__title">
          {t.title}
        </h2>
        <p>{t.pending(pending)}</p>
      </div>
      <ButtonLink type={pending > 0 ? 'primary' : 'default'} to={INVITATIONS_PATH}>
        {t.view}
      </ButtonLink>
    </section>
  );
}
