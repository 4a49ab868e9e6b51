import { useId, type ReactNode } from 'react';
import type { MatchClosedReason } from '@projectory/contracts/values';
import { ClosedReason, MatchBadges } from './MatchTags';
import { MatchScores } from './ScoreBar';
import './match-card.css';

/** What the card shows of an application: its scores and where it stands. */
export interface CandidateMatch {
  matchScore: number;
  status: string;
  closedReason?: MatchClosedReason | null;
  skillsMatch: number;
  cultureMatch: number;
}

/**
 * Where the card stands, which sets its classes: the dashboard's lists (dashboard.css) or a project's
 * page (the match cards of match-card.css).
 */
const LOOKS = {
  dashboard: {
    card: 'pj-card pj-dash__item',
    head: 'pj-dash__item-head',
    heading: 'pj-dash__item-heading',
    title: 'pj-dash__item-title',
    meta: 'pj-dash__row-sub',
    tags: 'pj-dash__tags',
    scores: 'pj-dash__scores',
    foot: 'pj-dash__item-foot',
  },
  project: {
    card: 'pj-match-card pj-candidate',
    head: 'pj-match-card__head',
    heading: 'pj-match-card__heading',
    title: 'pj-match-card__title',
    meta: 'pj-match-card__meta',
    tags: 'pj-application__tags',
    scores: 'pj-match-card__scores',
    foot: 'pj-match-card__foot pj-match-card__foot--end',
  },
} as const;

export interface CandidateCardProps {
  match: CandidateMatch;
  /** The student, the card's heading. */
  name: string;
  /** Under the name, e.g. when they applied or to which project. */
  meta: ReactNode;
  look: keyof typeof LOOKS;
  scoreLabels: { skills: string; culture: string };
  /** After the scores: the pitch, the reasons, the skills, the review. */
  children?: ReactNode;
  /** The footer's content: the ways on and the employer's decisions. */
  footer: ReactNode;
}

/**
 * A student's application as its employer sees it: the name, the score and status badges, why the
 * system closed it, the skills and culture scores, then what the page adds (on the dashboard's
 * candidates tab and on a project's page).
 */
export function CandidateCard({ match, name, meta, look, scoreLabels, children, footer }: CandidateCardProps) {
  const id = useId();
  const c = LOOKS[look];
  return (
    <article className={c.card} aria-labelledby={`${id}-name`}>
      <header className={c.head}>
        <div className={c.heading}>
          <h3 id={`${id}-name`} className={c.title}>
            {name}
          </h3>
          <p className={c.meta}>{meta}</p>
        </div>
        <MatchBadges score={match.matchScore} status={match.status} className={c.tags} />
      </header>
      <ClosedReason status={match.status} reason={match.closedReason} />
      <MatchScores skills={match.skillsMatch} culture={match.cultureMatch} labels={scoreLabels} className={c.scores} />
      {children}
      <footer className={c.foot}>{footer}</footer>
    </article>
  );
}
