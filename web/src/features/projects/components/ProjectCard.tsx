import { type ReactNode, useId } from 'react';
import { Link } from 'react-router-dom';
import { formatDate } from '../../../shared/lib/format-date';
import { exchangeLabel } from '../../matching';
import { employerName } from '../people';
import type { Project } from '../projects.api';
import { DEFAULT_DURATION, MAX_TAGS_ON_CARD, projectsTexts } from '../projects.texts';
import { ProjectStatusTag } from './ProjectStatusTag';
import { ResponseTime } from './ResponseTime';
import { TagList } from '../../../shared/ui/TagList';
import { FactList } from '../../../shared/ui/FactList';
import { SafetyTip } from '../../../shared/ui/SafetyTip';
import { VerifiedMark } from '../../../shared/ui/VerifiedMark';

const t = projectsTexts.card;

export interface ProjectCardProps {
  project: Project;
  /** Students see who posted it; employers see their own projects. */
  showEmployer: boolean;
  /** The footer's actions (Apply, or the owner's). */
  actions?: ReactNode;
  /** Beside the posted date, e.g. the applicant count. */
  meta?: ReactNode;
  /** The student's fit with the project (score and top reasons), under the description. */
  fit?: ReactNode;
}

/**
 * A project card (prototype spec §2 "Project card"): title linking to the project page, Active/Inactive,
 * the employer, a two-line description, exchange type and duration ('Flexible' by default), 3 skills
 * and 3 values before '+N more', "What you'll get" and the posted date. Students also see the
 * "Verified employer" mark and, on a flagged project, the safety tip.
 */
export function ProjectCard({ project, showEmployer, actions, meta, fit }: ProjectCardProps) {
  const id = useId();
  const employer = employerName(project.employer);

  return (
    <article className="pj-match-card pj-project-card" aria-labelledby={`${id}-title`}>
      <header className="pj-match-card__head">
        <div className="pj-match-card__heading">
          <h3 id={`${id}-title`} className="pj-match-card__title">
            <Link to={`/projects/${project.id}`} className="pj-project-card__link">
              {project.title}
            </Link>
          </h3>
          {showEmployer && employer && (
            <p className="pj-match-card__meta">
              {t.by(employer)} <VerifiedMark level={project.employer.verification} />
            </p>
          )}
          {showEmployer && <ResponseTime employer={project.employer} />}
        </div>
        <ProjectStatusTag active={project.isActive} />
      </header>
      <p className="pj-match-card__description pj-project-card__description">{project.description}</p>
      {showEmployer && <SafetyTip flags={project.flags} />}
      {fit}
      <FactList
        className="pj-project-card__facts"
        facts={[
          { label: t.exchange, value: exchangeLabel(project.exchangeType) },
          { label: t.duration, value: project.duration || DEFAULT_DURATION },
        ]}
      />
      <TagList tags={project.requiredSkills} label={t.requiredSkills} max={MAX_TAGS_ON_CARD} />
      <TagList tags={project.culturalValues} label={t.culturalValues} max={MAX_TAGS_ON_CARD} />
      {project.exchangeDescription && (
        <div className="pj-project-card__get">
          <h4 className="pj-match-card__subtitle">{t.whatYouGet}</h4>
          <p>{project.exchangeDescription}</p>
        </div>
      )}
      <footer className="pj-match-card__foot">
        <span className="pj-project-card__meta">
          <span>{t.posted(formatDate(project.createdAt))}</span>
          {meta}
        </span>
        {actions}
      </footer>
    </article>
  );
}
