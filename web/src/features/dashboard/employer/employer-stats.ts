import type { EmployerDashboard } from '../../../shared/api/dashboard.api';
import type { Stat } from '../../../shared/ui/StatGrid';
import { responseDuration } from '../../projects';
import { dashboardTexts } from '../dashboard.texts';

const s = dashboardTexts.stats;

export function successRateStat(dashboard: EmployerDashboard): Stat {
  return dashboard.successRate === null
    ? { label: s.successRate, value: dashboardTexts.none, hint: s.noDecisions }
    : { label: s.successRate, value: `${Math.round(dashboard.successRate)}%`, hint: s.successRateHint };
}

/** `reviewCount` (from GET /api/users/:id/reviews) only adds to the hint; the rating is the dashboard's. */
export function averageRatingStat(dashboard: EmployerDashboard, reviewCount?: number): Stat {
  if (dashboard.averageRating === null)
    return { label: s.averageRating, value: dashboardTexts.none, hint: s.noReviews };
  return {
    label: s.averageRating,
    value: dashboard.averageRating.toFixed(1),
    hint: reviewCount ? s.ratingFrom(reviewCount) : s.ratingOutOf,
  };
}

/** The employer's median response time (API.md: null below 3 applications), as students see it on their projects. */
export function responseTimeStat(dashboard: EmployerDashboard): Stat {
  const hours = dashboard.medianResponseHours ?? null;
  return hours === null
    ? { label: s.responseTime, value: dashboardTexts.none, hint: s.noResponseTime }
    : { label: s.responseTime, value: responseDuration(hours), hint: s.responseTimeHint };
}

/** The eight figures of the Overview tab, exactly as GET /api/dashboard gives them. */
export function overviewStats(dashboard: EmployerDashboard): Stat[] {
  return [
    { label: s.activeProjects, value: String(dashboard.activeProjects) },
    { label: s.pendingCandidates, value: String(dashboard.pendingCandidates) },
    { label: s.activeCollaborations, value: String(dashboard.activeCollaborations) },
    { label: s.totalApplicants, value: String(dashboard.totalApplicants) },
    { label: s.completed, value: String(dashboard.completedProjects) },
    successRateStat(dashboard),
    averageRatingStat(dashboard),
    { label: s.unreadMessages, value: String(dashboard.unreadMessages) },
  ];
}
