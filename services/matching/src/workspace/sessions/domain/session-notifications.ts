import { WorkspaceNotificationType, workspacePath } from '@projectory/contracts';
import type { NotificationData } from '@projectory/platform';

/** `2026-12-03 14:30 UTC`: the notification does not know the reader's time zone (the calendar feed does). */
export function sessionTime(startsAt: Date): string {
  return `${startsAt.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

const where = (projectTitle: string) => (projectTitle ? ` for ${projectTitle}` : '');

/** To the other participant: `actor` scheduled a session. */
export function sessionScheduledNotification(
  actor: string,
  session: { title: string; startsAt: Date; durationMinutes: number },
  projectTitle: string,
  matchId: string,
): NotificationData {
  return {
    kind: WorkspaceNotificationType.SessionScheduled,
    title: 'Session scheduled',
    body: `${actor} scheduled “${session.title}”${where(projectTitle)} on ${sessionTime(session.startsAt)} (${session.durationMinutes} min).`,
    link: workspacePath(matchId),
  };
}

/** To the other participant: `actor` cancelled a session. */
export function sessionCancelledNotification(
  actor: string,
  session: { title: string; startsAt: Date },
  projectTitle: string,
  matchId: string,
): NotificationData {
  return {
    kind: WorkspaceNotificationType.SessionCancelled,
    title: 'Session cancelled',
    body: `${actor} cancelled “${session.title}”${where(projectTitle)} on ${sessionTime(session.startsAt)}.`,
    link: workspacePath(matchId),
  };
}
