import { App, Button } from 'antd';
import { useId } from 'react';
import { matchTransitions, opensWorkspace, workspacePath } from '@projectory/contracts/values';
import { Link } from 'react-router-dom';
import { failureMessage, toApiFailure } from '../../../api/api-error';
import { formatDate } from '../../../shared/lib/format-date';
import { MatchScores } from '../../../shared/ui/ScoreBar';
import { ClosedReason, MatchBadges, Reasons } from '../../../shared/ui/MatchTags';
import { useChangeMatchStatusMutation, type Match, exchangeLabel } from '../../matching';
import { MessageButton } from '../../messages';
import { MatchReview, reviewsTexts } from '../../reviews';
import { personName } from '../../../shared/lib/person-name';
import { projectsTexts } from '../projects.texts';
import { confirmDanger } from '../../../shared/lib/confirm-danger';
import { ButtonLink } from '../../../shared/ui/ButtonLink';

const t = projectsTexts.applications;
/** API.md "Matching": the statuses from which the student may withdraw (pending and accepted). */
const WITHDRAWABLE = new Set(
  Object.entries(matchTransitions.student)
    .filter(([, next]) => next.includes('withdrawn'))
    .map(([status]) => status),
);

export interface ApplicationCardProps {
  match: Match;
  /** On the project's own page the project is already named. */
  showProject?: boolean;
}

/** One of the student's applications: status, scores and their reasons, and Withdraw while it is open. */
export function ApplicationCard({ match, showProject = true }: ApplicationCardProps) {
  const id = useId();
  const [changeStatus, { isLoading }] = useChangeMatchStatusMutation();
  const { message, modal, notification } = App.useApp();
  const { project } = match;
  const employer = personName(project.employer);

  const onWithdraw = () => {
    confirmDanger(modal, t.confirmWithdraw, async () => {
      try {
        await changeStatus({ id: match.id, status: 'withdrawn' }).unwrap();
        void message.success(t.withdrawn);
      } catch (error) {
        notification.error({ title: projectsTexts.error, description: failureMessage(toApiFailure(error)) });
      }
    });
  };

  return (
    <article
      className="pj-match-card pj-application"
      {...(showProject ? { 'aria-labelledby': `${id}-title` } : { 'aria-label': projectsTexts.detail.yourApplication })}
    >
      <header className="pj-match-card__head">
        {showProject && (
          <div className="pj-match-card__heading">
            <h3 id={`${id}-title`} className="pj-match-card__title">
              {match.closedReason === 'project_archived' ? (
                project.title // an archived project has no page any more
              ) : (
                <Link to={`/projects/${project.id}`} className="pj-project-card__link">
                  {project.title}
                </Link>
              )}
            </h3>
            {employer && <p className="pj-match-card__meta">{t.employer(employer)}</p>}
          </div>
        )}
        <MatchBadges score={match.matchScore} status={match.status} className="pj-application__tags" />
      </header>
      <ClosedReason status={match.status} reason={match.closedReason} />
      <p className="pj-application__meta">
        <span>{t.appliedOn(formatDate(match.createdAt))}</span>
        <span>{exchangeLabel(project.exchangeType)}</span>
      </p>
      <MatchScores
        skills={match.skillsMatch}
        culture={match.cultureMatch}
        labels={t}
        className="pj-match-card__scores"
      />
      <Reasons reasons={match.reasons} id={`${id}-reasons`} />
      <MatchReview match={match} counterpart={employer || reviewsTexts.employer.theEmployer} />
      {(WITHDRAWABLE.has(match.status) || opensWorkspace(match.status)) && (
        <footer className="pj-match-card__foot pj-match-card__foot--end">
          {opensWorkspace(match.status) && (
            <ButtonLink type="primary" to={workspacePath(match.id)} aria-label={t.workspaceLabel(project.title)}>
              {t.workspace}
            </ButtonLink>
          )}
          <MessageButton match={match} with={employer} project={project.title} />
          {WITHDRAWABLE.has(match.status) && (
            <Button danger onClick={onWithdraw} loading={isLoading} aria-label={t.withdrawLabel(project.title)}>
              {t.withdraw}
            </Button>
          )}
        </footer>
      )}
    </article>
  );
}
