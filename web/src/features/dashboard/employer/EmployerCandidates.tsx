import { App, Button } from 'antd';
import { useState } from 'react';
import { failureMessage, toApiFailure } from '../../../api/api-error';
import { ButtonLink } from '../../../shared/ui/ButtonLink';
import { formatDate } from '../../../shared/lib/format-date';
import { ProfileLink } from '../../../shared/ui/ProfileLink';
import { PendingReviews } from '../../candidates';
import { CandidateCard } from '../../../shared/ui/CandidateCard';
import { MessageButton } from '../../messages';
import { MatchReview } from '../../reviews';
import { topCandidates } from '../analytics';
import { personName } from '../../../shared/lib/person-name';
import { QueryList } from '../../../shared/ui/ListStates';
import { useChangeMatchStatusMutation } from '../../matching';
import type { Match } from '../dashboard.api';
import { dashboardTexts } from '../dashboard.texts';
import { useMyMatches } from '../use-dashboard-data';
import { DashSection } from '../components/DashSection';
import { CardList } from '../../../shared/ui/CardList';
import { confirmDanger } from '../../../shared/lib/confirm-danger';

const t = dashboardTexts.candidates;

/** The top 5 applications across the employer's projects by match score; pending ones are decided here. */
export function EmployerCandidates() {
  const query = useMyMatches();
  const { data } = query;
  const top = data && topCandidates(data.items);

  const body = (
    <QueryList query={query} items={top} loading={t.loading} loadError={t.loadError} empty={t.empty}>
      {(top) => (
        <CardList items={top} className="pj-dash__cards" ordered>
          {(match) => <Candidate match={match} />}
        </CardList>
      )}
    </QueryList>
  );

  return (
    <div className="pj-dash__stack">
      <DashSection headingId="dash-candidates-heading" title={t.title} lead={t.lead}>
        {body}
      </DashSection>
      <PendingReviews />
    </div>
  );
}

function Candidate({ match }: { match: Match }) {
  const name = personName(match.student, dashboardTexts.unknownName);
  const title = match.project.title;
  const [decide] = useChangeMatchStatusMutation();
  const [deciding, setDeciding] = useState<'accepted' | 'rejected' | null>(null);
  const { message, modal } = App.useApp();

  const run = async (status: 'accepted' | 'rejected') => {
    setDeciding(status);
    try {
      await decide({ id: match.id, status }).unwrap();
      void message.success(status === 'accepted' ? t.accepted(name) : t.rejected(name));
    } catch (error) {
      const failure = toApiFailure(error);
      void message.error(failure.code === 'UNKNOWN_ERROR' ? t.failed : failureMessage(failure));
    } finally {
      setDeciding(null);
    }
  };

  const onReject = () => {
    confirmDanger(modal, { title: t.rejectConfirm(name), body: t.rejectBody, ok: t.reject, cancel: t.cancel }, () =>
      run('rejected'),
    );
  };

  const footer = (
    <>
      <span className="pj-dash__row-sub">{t.applied(formatDate(match.createdAt))}</span>
      <div className="pj-dash__buttons">
        <ProfileLink userId={match.studentId} name={name} />
        <MessageButton match={match} with={name} project={title} />
        {match.closedReason !== 'project_archived' && (
          <ButtonLink to={`/projects/${match.projectId}`} aria-label={t.viewProjectLabel(title)}>
            {t.viewProject}
          </ButtonLink>
        )}
        {match.status === 'pending' && (
          <>
            <Button
              danger
              aria-label={t.rejectLabel(name, title)}
              loading={deciding === 'rejected'}
              disabled={deciding !== null}
              onClick={onReject}
            >
              {t.reject}
            </Button>
            <Button
              type="primary"
              aria-label={t.acceptLabel(name, title)}
              loading={deciding === 'accepted'}
              disabled={deciding !== null}
              onClick={() => void run('accepted')}
            >
              {t.accept}
            </Button>
          </>
        )}
      </div>
    </>
  );

  return (
    <CandidateCard
      match={match}
      name={name}
      meta={t.appliedFor(title)}
      look="dashboard"
      scoreLabels={t}
      footer={footer}
    >
      <MatchReview match={match} counterpart={name} />
    </CandidateCard>
  );
}
