import type { ViewChanged } from '@projectory/contracts';
import type { api } from '../../api/api';

/** What a live event makes stale (RTK Query tags, invalidated together). */
export type StaleTags = Parameters<typeof api.util.invalidateTags>[0];

/** The employer's own projects (their applicant counts). */
const MINE = { type: 'Project', id: 'MINE' } as const;
const project = (id: string) => ({ type: 'Project', id }) as const;

/**
 * `match:updated` (a new application, or one accepted, rejected, completed or withdrawn): the figures,
 * the employer's projects and that project.
 */
export function staleOnMatchUpdated(projectId: string): StaleTags {
  return ['Dashboard', MINE, project(projectId)];
}

/**
 * `view:changed`: only the dashboard's announcement concerns it (the projects service counted an
 * application): the figures, the employer's projects, and the project it names. Null for the others.
 */
export function staleOnViewChanged(change: ViewChanged): StaleTags | null {
  if (change.view !== 'dashboard') return null;
  return ['Dashboard', MINE, ...(change.projectId ? [project(change.projectId)] : [])];
}

/** Any other `notification` (a verified item, a plan change, a message) moves a figure. */
export const STALE_ON_NOTIFICATION: StaleTags = ['Dashboard'];

/** After the socket was down, events may have been missed: what they would have refreshed. */
export const STALE_ON_RESYNC: StaleTags = ['Dashboard', MINE];
