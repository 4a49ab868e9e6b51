/**
 * Texts of the employer's pipeline on the dashboard's Analytics tab (API.md "Finding talent", `GET
 * /api/employers/me/pipeline`). Imports nothing: browser tests read it.
 */
export type FunnelStep = 'invited' | 'applied' | 'accepted' | 'completed' | 'rejected' | 'withdrawn';

/** The funnel's main line, in order, then where applications left it. */
export const FUNNEL_STEPS: readonly FunnelStep[] = ['invited', 'applied', 'accepted', 'completed'];
export const FUNNEL_EXITS: readonly FunnelStep[] = ['rejected', 'withdrawn'];

/** Weeks the pipeline covers. */
export const PIPELINE_WEEKS = 8;

export const pipelineTexts = {
  title: 'Hiring Pipeline',
  lead: 'From the students you invited to the collaborations completed, counted from your real applications.',
  project: 'Project',
  allProjects: 'All projects',
  loading: 'Loading your pipeline…',
  loadError: 'Could not load your pipeline.',
  retry: 'Try Again',
  figuresLabel: 'Pipeline figures',
  funnelTitle: 'Funnel',
  funnelLabel: 'Applications by step',
  steps: {
    invited: 'Invited',
    applied: 'Applied',
    accepted: 'Accepted',
    completed: 'Completed',
    rejected: 'Rejected',
    withdrawn: 'Withdrawn',
  } satisfies Record<FunnelStep, string>,
  step: (label: string, count: number) => `${label}: ${count}`,
  acceptanceRate: 'Invitation acceptance',
  acceptanceRateHint: 'Accepted of the invitations answered or expired',
  medianResponse: 'Median response time',
  medianResponseHint: 'From an application to your first decision or message',
  none: '—',
  percent: (rate: number) => `${Math.round(rate * 100)}%`,
  hours: (hours: number) =>
    hours < 1 ? 'Under 1 hour' : hours < 48 ? `${Math.round(hours)} h` : `${Math.round(hours / 24)} days`,
  weeklyTitle: (weeks: number) => `Last ${weeks} weeks`,
  weeklySeries: { applied: 'Applied', accepted: 'Accepted', completed: 'Completed' },
  weeklyWeek: (week: string, applied: number, accepted: number, completed: number) =>
    `Week of ${week}: ${applied} applied, ${accepted} accepted, ${completed} completed`,
  chartLoading: 'Loading the chart…',
};
