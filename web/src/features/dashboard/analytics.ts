import type { Match } from './dashboard.api';
import { ACTIVITY_LIMIT, CHART_WEEKS, TOP_CANDIDATES, dashboardTexts } from './dashboard.texts';
import { personName } from '../../shared/lib/person-name';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Prototype spec §2: the top matches by descending match score; withdrawn applications are no candidates.
 * Closed ones (the system closed them, API.md "Matching") come after the open ones, with their reason.
 */
export function topCandidates(matches: readonly Match[], limit = TOP_CANDIDATES): Match[] {
  const closed = (match: Match) => Number(match.status === 'closed');
  return matches
    .filter((match) => match.status !== 'withdrawn')
    .sort((a, b) => closed(a) - closed(b) || b.matchScore - a.matchScore || b.createdAt.localeCompare(a.createdAt))
    .slice(0, limit);
}

/** Midnight of the Monday of `date`'s week, in the reader's time zone. */
export function weekStart(date: Date): Date {
  const start = new Date(date.getFullYear(), date.getMonth(), date.getDate());
  const sinceMonday = (start.getDay() + 6) % 7;
  start.setDate(start.getDate() - sinceMonday);
  return start;
}

export interface WeekCount {
  start: Date;
  count: number;
}

/** Applications received per week, the current week last, `weeks` of them (empty weeks count 0). */
export function applicationsPerWeek(matches: readonly Match[], now = new Date(), weeks = CHART_WEEKS): WeekCount[] {
  const current = weekStart(now);
  const buckets: WeekCount[] = Array.from({ length: weeks }, (_, index) => {
    const start = new Date(current);
    start.setDate(start.getDate() - 7 * (weeks - 1 - index));
    return { start, count: 0 };
  });
  const first = buckets[0]!.start.getTime();
  for (const match of matches) {
    const created = new Date(match.createdAt).getTime();
    if (Number.isNaN(created) || created < first) continue;
    // Days, not milliseconds, between week starts: a week holding a DST change is not 7 × 24 hours.
    const index = Math.floor(Math.round((weekStart(new Date(created)).getTime() - first) / DAY_MS) / 7);
    const bucket = buckets[index];
    if (bucket) bucket.count += 1;
  }
  return buckets;
}

export interface ActivityEvent {
  key: string;
  at: string;
  text: string;
}

/**
 * What happened on the employer's applications, newest first: each application when it came in, and
 * its last change of status when it had one (the match's `updatedAt`).
 */
export function recentActivity(matches: readonly Match[], limit = ACTIVITY_LIMIT): ActivityEvent[] {
  const t = dashboardTexts.analytics.events;
  const events: ActivityEvent[] = [];
  for (const match of matches) {
    const student = personName(match.student, dashboardTexts.unknownName);
    const project = match.project.title;
    events.push({ key: `${match.id}:applied`, at: match.createdAt, text: t.applied(student, project) });
    if (match.status !== 'pending' && match.updatedAt !== match.createdAt) {
      events.push({ key: `${match.id}:${match.status}`, at: match.updatedAt, text: t[match.status](student, project) });
    }
  }
  return events.sort((a, b) => b.at.localeCompare(a.at)).slice(0, limit);
}
