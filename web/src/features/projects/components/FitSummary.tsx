import { Button, Skeleton } from 'antd';
import { useId } from 'react';
import type { ProjectFit } from '../../matching';
import { OverallTag, Reasons } from '../../../shared/ui/MatchTags';
import { MAX_FIT_REASONS, projectsTexts } from '../projects.texts';

const t = projectsTexts.fit;

export interface FitSummaryProps {
  /** The student's fit with the project; absent while it loads or when it failed. */
  fit: Omit<ProjectFit, 'projectId'> | undefined;
  loading: boolean;
  /** The call failed (a project matching does not know yet is no failure: it just has no fit to show). */
  failed?: boolean;
  /** Offered where the fit failed to load (the project page); elsewhere a failure hides the fit quietly. */
  onRetry?: () => void;
  retrying?: boolean;
}

/**
 * The signed-in student's match score with a project and its top reasons, each typed (strength, gap,
 * not counted), before they apply: the numbers their application would carry.
 */
export function FitSummary({ fit, loading, failed = false, onRetry, retrying }: FitSummaryProps) {
  const id = useId();
  if (fit) {
    return (
      <div className="pj-fit" role="group" aria-labelledby={`${id}-label`}>
        <div className="pj-fit__head">
          <span id={`${id}-label`} className="pj-fit__label">
            {t.label}
          </span>
          <OverallTag score={fit.matchScore} />
          <span className="pj-fit__scores">{t.scores(fit.skillsMatch, fit.cultureMatch)}</span>
        </div>
        <Reasons reasons={fit.reasons.slice(0, MAX_FIT_REASONS)} id={`${id}-reasons`} />
      </div>
    );
  }
  if (loading) {
    return (
      <div className="pj-fit pj-fit--loading" role="status">
        <span className="pj-visually-hidden">{t.loading}</span>
        <Skeleton active title={{ width: '45%' }} paragraph={{ rows: 2, width: ['90%', '70%'] }} />
      </div>
    );
  }
  if (!failed || !onRetry) return null;
  return (
    <div className="pj-fit pj-fit--failed" role="alert">
      <span>{t.failed}</span>
      <Button size="small" onClick={onRetry} loading={retrying}>
        {t.retry}
      </Button>
    </div>
  );
}
