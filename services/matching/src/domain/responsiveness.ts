import type { NotificationData } from '@projectory/platform';

/** How long an application waits unanswered before its employer is nudged (PRODUCT.md "No ghosting"). */
export const NUDGE_AFTER_DAYS = 3;

/** What the employer is told of an application still waiting for their answer after NUDGE_AFTER_DAYS. */
export function nudgeNotification(student: string, project: { id: string; title: string }): NotificationData {
  return {
    kind: 'application.waiting',
    title: 'An applicant is waiting for your answer',
    body:
      `${student} applied to ${project.title} more than ${NUDGE_AFTER_DAYS} days ago and has not heard back yet. ` +
      'Accept, decline or send a message: students see how quickly you answer.',
    link: `/projects/${project.id}`,
  };
}
