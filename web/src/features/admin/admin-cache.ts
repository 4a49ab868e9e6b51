import type {
  AdminSafetyReport,
  AdminVerificationRequest,
  EmployerVerification,
  AdminProject,
  AdminProjectUpdate,
  AdminUser,
  AdminUserUpdate,
  Plan,
  UpgradeRequest,
} from '@projectory/contracts';
import type { Collection } from '../../api/collection';

/** The cached pages of one admin list (an RTK Query infinite query's data). */
export interface CachedPages<T> {
  pages: Collection<T>[];
}

/**
 * Puts an action's answer into the row of that id, wherever a cached page holds it, keeping what the
 * answer does not carry (the owner does not know it and the action does not change it). True when a
 * row was there.
 */
function applyToRows<T extends { id: string }>(cached: CachedPages<T>, id: string, answer: Partial<T>): boolean {
  let found = false;
  for (const page of cached.pages) {
    for (const row of page.items) {
      if (row.id !== id) continue;
      Object.assign(row, answer);
      found = true;
    }
  }
  return found;
}

/** `PATCH /api/admin/users/:id`'s answer into a cached users list (its `hasAssessment` stays). */
export function applyUserUpdate(cached: CachedPages<AdminUser>, user: AdminUserUpdate): boolean {
  return applyToRows<AdminUser>(cached, user.id, user);
}

/** `PATCH /api/admin/projects/:id`'s answer into a cached projects list (its `employer` stays). */
export function applyProjectUpdate(cached: CachedPages<AdminProject>, project: AdminProjectUpdate): boolean {
  return applyToRows<AdminProject>(cached, project.id, project);
}

/**
 * A user's plan, as an action set it, into a cached upgrade-requests list: their requests show the
 * plan they have now, and in a list of open requests those the plan granted are gone (the admin
 * service closes a request for the plan given, or every open one when it is Enterprise).
 */
export function applyPlanToRequests(
  cached: CachedPages<UpgradeRequest>,
  status: UpgradeRequest['status'],
  userId: string,
  plan: Plan,
): void {
  const granted = (request: UpgradeRequest) =>
    request.status === 'open' && (request.plan === plan || plan === 'enterprise');
  for (const page of cached.pages) {
    for (const request of page.items) {
      if (request.user.id === userId) request.user.plan = plan;
    }
    if (status === 'open') page.items = page.items.filter((request) => request.user.id !== userId || !granted(request));
  }
}

/**
 * `PATCH /api/admin/reports/:id`'s answer into a cached queue: gone from the open queue, in place in
 * the resolved one (first when it was not there yet).
 */
export function applyResolvedReport(
  cached: CachedPages<AdminSafetyReport>,
  status: AdminSafetyReport['status'],
  report: AdminSafetyReport,
): void {
  if (status === 'open') {
    for (const page of cached.pages) page.items = page.items.filter((row) => row.id !== report.id);
    return;
  }
  if (!applyToRows<AdminSafetyReport>(cached, report.id, report) && report.status === 'resolved') {
    cached.pages[0]?.items.unshift(report);
  }
}

/**
 * `PATCH /api/admin/employers/:id/verification`'s answer into a cached requests list: the employer's
 * waiting requests are decided (gone from the pending list; their level and date in the full one).
 */
export function applyVerificationDecision(
  cached: CachedPages<AdminVerificationRequest>,
  status: 'pending' | 'all',
  employerId: string,
  verification: EmployerVerification,
  at: string,
): void {
  for (const page of cached.pages) {
    if (status === 'pending') {
      page.items = page.items.filter((request) => request.employer.id !== employerId);
      continue;
    }
    for (const request of page.items) {
      if (request.employer.id !== employerId || request.decidedAt) continue;
      request.level = verification.level;
      request.decidedAt = at;
    }
  }
}
