import { App, Button } from 'antd';
import { useId, useState } from 'react';
import { failureMessage, toApiFailure } from '../../../api/api-error';
import { ButtonLink } from '../../../components/ButtonLink';
import { ScoreBar } from '../../../components/ScoreBar';
import { formatDate } from '../../../components/format-date';
import { ProfileLink } from '../../candidates/components/ProfileLink';
import { PendingReviews } from '../../candidates/components/PendingReviews';
import { ClosedReason, ScoreTag, StatusTag } from '../../home/components/MatchTags';
import { MessageButton } from '../../messages/components/MessageButton';
import { MatchReview } from '../../reviews/components/MatchReview';
import { personName, topCandidates } from '../analytics';
import { TabList } from '../components/TabStates';
import { useChangeMatchStatusMutation } from '../../matching/matching.api';
import type { Match } from '../dashboard.api';
import { dashboardTexts } from '../dashboard.texts';
import { useMyMatches } from '../use-dashboard-data';

const t = dashboardTexts.candidates;

/** The top 5 applications across the employer's projects by match score; pending ones are decided here. */
export function EmployerCandidates() {
  const query = useMyMatches();
  const { data } = query;
  const top = data && topCandidates(data.items);

  const body = (
    <TabList query={query} items={top} loading={t.loading} loadError={t.loadError} empty={t.empty}>
      {(top) => (
        <ol className="pj-dash__cards">
          {top.map((match) => (
            <li key={match.id}>
              <CandidateCard match={match} />
            </li>
          ))}
        </ol>
      )}
    </TabList>
  );

  return (
    <div className="pj-dash__stack">
      <section aria-labelledby="dash-candidates-heading" className="pj-dash__stack">
        <div>
          <h2 id="dash-candidates-heading" className="pj-dash__section-title">
            {t.title}
          </h2>
          <p className="pj-dash__muted">{t.lead}</p>
        </div>
        {body}
      </section>
      <PendingReviews />
    </div>
  );
}

function CandidateCard({ match }: { match: Match }) {
  const id = useId();
  const name = personName(match.student);
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
    modal.confirm({
      title: t.rejectConfirm(name),
      content: t.rejectBody,
      okText: t.reject,
      okButtonProps: { danger: true },
      cancelText: t.cancel,
      onOk: () => run('rejected'),
    });
  };

  return (
    <article className="pj-card pj-dash__item" aria-labelledby={`${id}-title`}>
      <header className="pj-dash__item-head">
        <div className="pj-dash__item-heading">
          <h3 id={`${id}-title`} className="pj-dash__item-title">
            {name}
          </h3>
          <p className="pj-dash__row-sub">{t.appliedFor(title)}</p>
        </div>
        <div className="pj-dash__tags">
          <ScoreTag score={match.matchScore} />
          <StatusTag status={match.status} />
        </div>
      </header>
      <ClosedReason status={match.status} reason={match.closedReason} />
      <div className="pj-dash__scores">
        <ScoreBar label={t.skills} percent={match.skillsMatch} color="#0369a1" />
        <ScoreBar label={t.culture} percent={match.cultureMatch} color="#7c3aed" />
      </div>
      <MatchReview match={match} counterpart={name} />
      <footer className="pj-dash__item-foot">
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
      </footer>
    </article>
  );
}
