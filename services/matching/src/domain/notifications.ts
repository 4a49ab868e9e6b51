import { type MatchClosedReason, type MatchStatus, workspacePath } from '@projectory/contracts';
import type { NotificationData } from '@projectory/platform';

/** How a person is named to the other side: names only, never an e-mail (PRODUCT.md). */
export const displayName = (person: { first_name: string; last_name: string } | undefined): string =>
  `${person?.first_name ?? ''} ${person?.last_name ?? ''}`.trim() || 'Someone';

/**
 * What the other side of an application is told when it reaches `status`, `actor` having moved it. The
 * kinds are API.md's notification types: a new application, a status change, and a completed project
 * asks the student for a review. An acceptance links to the match's workspace.
 */
export function matchNotification(
  status: MatchStatus,
  actor: string,
  project: { id: string; title: string },
  matchId?: string,
): NotificationData {
  const link = `/projects/${project.id}`;
  switch (status) {
    case 'pending':
      return {
        kind: 'application.received',
        title: 'New application',
        body: `${actor} applied to ${project.title}.`,
        link,
      };
    case 'accepted':
      return {
        kind: 'application.status_changed',
        title: 'Application accepted',
        body: `${actor} accepted your application to ${project.title}.`,
        // The collaboration starts in the match's workspace.
        link: matchId ? workspacePath(matchId) : link,
      };
    case 'rejected':
      return {
        kind: 'application.status_changed',
        title: 'Application declined',
        body: `${actor} decided not to move forward with your application to ${project.title}.`,
        link,
      };
    case 'completed':
      return {
        kind: 'review.requested',
        title: 'Project completed',
        body: `${actor} marked ${project.title} as completed. You can now leave a review.`,
        link,
      };
    case 'withdrawn':
      return {
        kind: 'application.status_changed',
        title: 'Application withdrawn',
        body: `${actor} withdrew their application to ${project.title}.`,
        link,
      };
    case 'closed': // only the system closes, and it says why: closedNotification
      return closedNotification('project_archived', project);
  }
}

/** What the student is told when the system closes their application, and why (API.md "Matching", (system)). */
export function closedNotification(
  reason: MatchClosedReason,
  project: { id: string; title: string },
): NotificationData {
  const body =
    reason === 'project_archived'
      ? `${project.title} was archived by its employer, so your application is closed. Nothing more is needed from you.`
      : `${project.title} was not taking applications when you applied, so your application is closed. ` +
        'It does not count toward your monthly applications.';
  return { kind: 'application.status_changed', title: 'Application closed', body, link: '/projects?tab=applications' };
}

/** What the student is told when an application closed as raced turns out to have been made while the project was open. */
export function reopenedNotification(project: { id: string; title: string }): NotificationData {
  return {
    kind: 'application.status_changed',
    title: 'Application open again',
    body: `${project.title} was taking applications when you applied after all, so your application is pending again.`,
    link: `/projects/${project.id}`,
  };
}
