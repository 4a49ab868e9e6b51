/**
 * Texts of the invitations page (/invitations, API.md "Finding talent"). Imports only the contracts'
 * zod-free values at run time, so that browser tests can read it.
 */
import { INVITATIONS_PATH, type InvitationStatus } from '@projectory/contracts/values';

export { INVITATIONS_PATH };

/** Where a student finds the application an accepted invitation became. */
export const MY_APPLICATIONS_PATH = '/projects?tab=applications';

export const invitationsTexts = {
  documentTitle: 'Invitations',
  title: 'Invitations',
  lead: {
    student:
      'Employers who found you invite you to apply to their projects. Accept to send your application, or decline.',
    employer: 'The students you invited to apply, and their answers.',
  },
  loading: 'Loading your invitations…',
  loadError: 'Could not load your invitations.',
  retry: 'Try Again',
  empty: {
    student:
      'No invitations yet. Employers can invite you once you let them find you, and a complete profile with verified skills stands out.',
    employer: 'You have not invited anyone yet. Find students in Find Talent and invite them to apply.',
  },
  emptyAction: { student: 'Open Settings', employer: 'Find Talent' },
  listLabel: { student: 'Invitations received', employer: 'Invitations sent' },
  sections: { pending: 'Waiting for your answer', answered: 'Answered and expired' },
  card: {
    from: 'From',
    to: 'To',
    project: 'Project',
    sent: (date: string) => `Invited ${date}`,
    answered: (date: string) => `Answered ${date}`,
    message: 'Message',
    projectClosed: 'This project no longer takes applications.',
    accept: 'Accept and Apply',
    decline: 'Decline',
    viewProject: 'View Project',
    viewApplication: 'View My Applications',
    status: {
      pending: 'Pending',
      accepted: 'Accepted',
      declined: 'Declined',
      expired: 'Expired',
    } satisfies Record<InvitationStatus, string>,
  },
  accepted: 'Invitation accepted: your application is on its way to the employer.',
  declined: 'Invitation declined. The employer has been told.',
  closed: 'This invitation was already answered or has expired.',
  answerFailed: 'Could not answer the invitation.',
};
