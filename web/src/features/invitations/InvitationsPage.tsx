import { App, Button, Tag } from 'antd';
import { useId } from 'react';
import { Link } from 'react-router-dom';
import { FIND_TALENT_PATH, TalentErrorCode } from '@projectory/contracts/values';
import { failureMessage, toApiFailure } from '../../api/api-error';
import { useGetMyInvitationsQuery } from '../../shared/api/invitations.api';
import { formatDate } from '../../shared/lib/format-date';
import { personName } from '../../shared/lib/person-name';
import { useDocumentTitle } from '../../shared/lib/use-document-title';
import { useCurrentUser } from '../../shared/session';
import { ButtonLink } from '../../shared/ui/ButtonLink';
import { QueryList } from '../../shared/ui/ListStates';
import { PageHeader } from '../../shared/ui/PageHeader';
import { UserAvatar } from '../../shared/ui/UserAvatar';
import { VerifiedMark } from '../../shared/ui/VerifiedMark';
import { palette } from '../../shared/theme';
import { useAnswerInvitationMutation, type Invitation } from './invitations.api';
import { MY_APPLICATIONS_PATH, invitationsTexts as t } from './invitations.texts';
import './invitations.css';

const c = t.card;
const STATUS_COLORS = {
  pending: palette.warning,
  accepted: palette.success,
  declined: palette.danger,
  expired: palette.textMuted,
} as const;

/**
 * /invitations (API.md "Finding talent"): a student's invitations to apply, pending ones first with
 * Accept and Decline, answered and expired ones below; an employer's sent ones and their answers. New
 * ones arrive live (the `invitation.received` notification asks for the list again).
 */
export function InvitationsPage() {
  useDocumentTitle(t.documentTitle);
  const user = useCurrentUser();
  const side = user.role === 'student' ? 'student' : 'employer';
  const query = useGetMyInvitationsQuery(undefined);

  return (
    <div className="pj-invitations">
      <PageHeader title={t.title} lead={t.lead[side]} />
      <QueryList
        query={query}
        items={query.data?.items}
        loading={t.loading}
        loadError={t.loadError}
        empty={t.empty[side]}
        emptyAction={
          <ButtonLink type="primary" to={side === 'student' ? '/settings' : FIND_TALENT_PATH}>
            {t.emptyAction[side]}
          </ButtonLink>
        }
      >
        {(items) => <InvitationGroups invitations={items} student={side === 'student'} />}
      </QueryList>
    </div>
  );
}

function InvitationGroups({ invitations, student }: { invitations: Invitation[]; student: boolean }) {
  const pending = invitations.filter((invitation) => invitation.status === 'pending');
  const others = invitations.filter((invitation) => invitation.status !== 'pending');
  const groups = [
    { key: 'pending', title: student ? t.sections.pending : c.status.pending, items: pending },
    { key: 'answered', title: t.sections.answered, items: others },
  ].filter((group) => group.items.length > 0);
  return groups.map((group) => (
    <section key={group.key} aria-labelledby={`invitations-${group.key}`} className="pj-invitations__group">
      <h2 id={`invitations-${group.key}`} className="pj-invitations__heading">
        {group.title} <span className="pj-invitations__count">({group.items.length})</span>
      </h2>
      <ul className="pj-invitations__list" aria-label={student ? t.listLabel.student : t.listLabel.employer}>
        {group.items.map((invitation) => (
          <li key={invitation.id}>
            <InvitationCard invitation={invitation} student={student} />
          </li>
        ))}
      </ul>
    </section>
  ));
}

function InvitationCard({ invitation, student }: { invitation: Invitation; student: boolean }) {
  const id = useId();
  const { employer, project, status } = invitation;
  const company = employer.company ?? personName(employer);
  const studentName = personName(invitation.student);
  return (
    <article className="pj-card pj-invitation" aria-labelledby={`${id}-title`}>
      <header className="pj-invitation__head">
        <div className="pj-invitation__what">
          <h3 id={`${id}-title`} className="pj-invitation__title">
            {project.title}
          </h3>
          {student ? (
            <p className="pj-invitation__who">
              {c.from} {company}
              {employer.company && ` · ${personName(employer)}`} <VerifiedMark level={employer.verification} />
            </p>
          ) : (
            <p className="pj-invitation__who">
              <UserAvatar
                user={{
                  firstName: invitation.student.firstName,
                  email: '',
                  profileImageUrl: invitation.student.profileImageUrl,
                }}
                size={24}
              />{' '}
              {c.to} {studentName}
            </p>
          )}
          <p className="pj-invitation__date">
            {c.sent(formatDate(invitation.createdAt))}
            {invitation.answeredAt && ` · ${c.answered(formatDate(invitation.answeredAt))}`}
          </p>
        </div>
        <Tag color={STATUS_COLORS[status]}>{c.status[status]}</Tag>
      </header>
      {invitation.message && (
        <p className="pj-invitation__message">
          <span className="pj-visually-hidden">{c.message}: </span>
          {invitation.message}
        </p>
      )}
      {status === 'pending' && !project.isActive && <p className="pj-invitation__note">{c.projectClosed}</p>}
      <footer className="pj-invitation__actions">
        <Link to={`/projects/${encodeURIComponent(project.id)}`}>{c.viewProject}</Link>
        {student && status === 'accepted' && <Link to={MY_APPLICATIONS_PATH}>{c.viewApplication}</Link>}
        {student && status === 'pending' && <AnswerButtons invitation={invitation} />}
      </footer>
    </article>
  );
}

function AnswerButtons({ invitation }: { invitation: Invitation }) {
  const [answer, { isLoading, originalArgs }] = useAnswerInvitationMutation();
  const { message } = App.useApp();
  const send = async (status: 'accepted' | 'declined') => {
    try {
      await answer({ id: invitation.id, status }).unwrap();
      void message.success(status === 'accepted' ? t.accepted : t.declined);
    } catch (error) {
      const failure = toApiFailure(error);
      void message.error(
        failure.code === TalentErrorCode.InvitationClosed ? t.closed : `${t.answerFailed} ${failureMessage(failure)}`,
      );
    }
  };
  const busy = (status: 'accepted' | 'declined') => isLoading && originalArgs?.status === status;
  return (
    <span className="pj-invitation__answer">
      <Button onClick={() => void send('declined')} loading={busy('declined')} disabled={isLoading}>
        {c.decline}
      </Button>
      <Button
        type="primary"
        onClick={() => void send('accepted')}
        loading={busy('accepted')}
        disabled={isLoading || !invitation.project.isActive}
      >
        {c.accept}
      </Button>
    </span>
  );
}
