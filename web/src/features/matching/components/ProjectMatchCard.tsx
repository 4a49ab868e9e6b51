import { Button } from 'antd';
import { useId, useState } from 'react';
import { MatchingErrorCode } from '@projectory/contracts/values';
import { ScoreBar } from '../../../shared/ui/ScoreBar';
import { ClosedReason, OverallTag, Reasons } from '../../../shared/ui/MatchTags';
import { TagList } from '../../../shared/ui/TagList';
import type { Match, ProjectMatch } from '../matching.api';
import { MAX_SKILLS_SHOWN, exchangeLabel, matchingTexts } from '../matching.texts';
import type { ApplyOutcome } from '../use-apply';
import { ApplyDialog } from './lazy-dialogs';
import { palette } from '../../../shared/theme';

const t = matchingTexts.project;

export interface ProjectMatchCardProps {
  match: ProjectMatch;
  /** Students apply with Connect; others only see the match. */
  canApply: boolean;
  applied: boolean;
  /** The student's application to this project, when the list has it: a closed one says why. */
  application?: Pick<Match, 'status' | 'closedReason'>;
  onApplied: (projectId: string) => void;
}

export function ProjectMatchCard({ match, canApply, applied, application, onApplied }: ProjectMatchCardProps) {
  const { project } = match;
  const [confirming, setConfirming] = useState(false);
  const id = useId();
  const employer = `${project.employer.firstName} ${project.employer.lastName}`.trim();

  // Connect applies: it goes through the same confirm dialog as Apply Now.
  const onDone = (outcome: ApplyOutcome) => {
    if (outcome.applied || outcome.code === MatchingErrorCode.AlreadyApplied) onApplied(project.id);
  };

  return (
    <article className="pj-match-card" aria-labelledby={`${id}-title`}>
      <header className="pj-match-card__head">
        <div className="pj-match-card__heading">
          <h3 id={`${id}-title`} className="pj-match-card__title">
            {project.title}
          </h3>
          {employer && <p className="pj-match-card__meta">{t.by(employer)}</p>}
        </div>
        <OverallTag score={match.overallScore} />
      </header>
      <p className="pj-match-card__description">{project.description}</p>
      <TagList tags={project.requiredSkills} label={t.requiredSkills} max={MAX_SKILLS_SHOWN} />
      <div className="pj-match-card__scores">
        <ScoreBar label={t.cultureFit} percent={match.cultureScore} color={palette.accent} />
        <ScoreBar label={t.skillMatch} percent={match.skillMatch} color={palette.secondary} />
        <ScoreBar label={t.overall} percent={match.overallScore} />
      </div>
      <Reasons reasons={match.reasons} id={`${id}-reasons`} />
      {application && <ClosedReason status={application.status} reason={application.closedReason} />}
      <footer className="pj-match-card__foot">
        <span className="pj-match-card__exchange">
          {t.exchange}: <strong>{exchangeLabel(project.exchangeType)}</strong>
        </span>
        {canApply &&
          (applied ? (
            <Button disabled>{application?.status === 'closed' ? t.applicationClosed : t.applied}</Button>
          ) : (
            <>
              <Button
                type="primary"
                aria-label={t.connectLabel(project.title)}
                onClick={() => setConfirming(true)}
                onPointerEnter={ApplyDialog.preload}
                onFocus={ApplyDialog.preload}
              >
                {t.connect}
              </Button>
              <ApplyDialog
                open={confirming}
                project={project}
                employer={employer}
                onClose={() => setConfirming(false)}
                onDone={onDone}
              />
            </>
          ))}
      </footer>
    </article>
  );
}
