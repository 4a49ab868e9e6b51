import type { Dashboard } from '../../shared/api/dashboard.api';
import { dashboardTexts } from './dashboard.texts';

export type NextStepKey = keyof typeof dashboardTexts.nextSteps;

export interface NextStep {
  key: NextStepKey;
  text: string;
  /** Where the step is done. */
  to: string;
  link: string;
}

const step = (key: NextStepKey, to: string): NextStep => ({ key, to, ...dashboardTexts.nextSteps[key] });

const checked = (dashboard: Dashboard, key: string) =>
  dashboard.profileChecks.some((check) => check.key === key && check.done);

/**
 * What a user does next, from the dashboard's real figures and checks, in the order of a start:
 * students take the assessment, add skills, add a portfolio item, then apply (then follow their
 * applications); employers post a project, then review candidates (and take the assessment, which
 * their matches use). Only steps not done yet, the next one first.
 */
export function nextSteps(dashboard: Dashboard): NextStep[] {
  if (dashboard.role === 'student') {
    const applied =
      dashboard.recentMatches.length > 0 ||
      dashboard.activeMatches > 0 ||
      dashboard.completedProjects > 0 ||
      dashboard.connectionsUsed > 0;
    const open = [
      !checked(dashboard, 'assessment') && step('assessment', '/assessment'),
      !checked(dashboard, 'skills') && step('skills', '/skills'),
      !checked(dashboard, 'portfolio') && step('portfolio', '/portfolio'),
      !applied && step('apply', '/projects'),
    ].filter((next): next is NextStep => Boolean(next));
    return open.length > 0 ? open : [step('follow', '/dashboard?tab=matches')];
  }
  const posted = dashboard.activeProjects > 0 || dashboard.completedProjects > 0 || dashboard.totalApplicants > 0;
  const first = !posted
    ? step('post', '/projects')
    : dashboard.pendingCandidates > 0
      ? step('review', '/dashboard?tab=candidates')
      : step('await', '/dashboard?tab=projects');
  return checked(dashboard, 'assessment') ? [first] : [first, step('employerAssessment', '/assessment')];
}
