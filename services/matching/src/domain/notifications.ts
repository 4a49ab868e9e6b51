import type { MatchStatus } from '@projectory/contracts';
import type { NotificationData } from '@projectory/platform';

/** How a person is named to the other side: names only, never an e-mail (PRODUCT.md). */
export const displayName = (person: { first_name: string; last_name: string } | undefined): string =>
  `${person?.first_name ?? ''} ${person?.last_name ?? ''}`.trim() || 'Someone';

/** What the other side of an application is told when it reaches `status`, `actor` having moved it. */
export function matchNotification(
  status: MatchStatus,
  actor: string,
  project: { id: string; title: string },
): NotificationData {
  const link = `/projects/${project.id}`;
  switch (status) {
    case 'pending':
      return { kind: 'match.created', title: 'New application', body: `${actor} applied to ${project.title}.`, link };
    case 'accepted':
      return {
        kind: 'match.accepted',
        title: 'Application accepted',
        body: `${actor} accepted your application to ${project.title}.`,
        link,
      };
    case 'rejected':
      return {
        kind: 'match.rejected',
        title: 'Application declined',
        body: `${actor} decided not to move forward with your application to ${project.title}.`,
        link,
      };
    case 'completed':
      return {
        kind: 'match.completed',
        title: 'Project completed',
        body: `${actor} marked ${project.title} as completed. You can now leave a review.`,
        link,
      };
    case 'withdrawn':
      return {
        kind: 'match.withdrawn',
        title: 'Application withdrawn',
        body: `${actor} withdrew their application to ${project.title}.`,
        link,
      };
  }
}
