/** API.md "Finding talent": limits, statuses, error codes and paths. Plain values: the web imports them too. */

export const invitationStatuses = ['pending', 'accepted', 'declined', 'expired'] as const;
export type InvitationStatus = (typeof invitationStatuses)[number];

export const INVITATION_MESSAGE_MAX = 1000;
/** Invitations one employer may send in a rolling day (429 beyond). */
export const INVITATIONS_PER_EMPLOYER_PER_DAY = 50;
/** Talent searches one employer may run a minute (429 beyond: a limit against scraping). */
export const TALENT_SEARCHES_PER_MINUTE = 60;
/** At most this many catalog skills in one search's `skills`. */
export const TALENT_SKILLS_MAX = 10;
export const PIPELINE_WEEKS_DEFAULT = 8;
export const PIPELINE_WEEKS_MAX = 52;

/** The employers' talent search and the students' invitations in the web app. */
export const FIND_TALENT_PATH = '/talent';
export const INVITATIONS_PATH = '/invitations';

export const TalentErrorCode = {
  /** 409: the student already has a pending invitation to this project. */
  AlreadyInvited: 'ALREADY_INVITED',
  /** 409: the student already applied to this project. */
  AlreadyApplied: 'ALREADY_APPLIED',
  /** 409: the invitation was already answered, or expired. */
  InvitationClosed: 'INVITATION_CLOSED',
} as const;
export type TalentErrorCodeValue = (typeof TalentErrorCode)[keyof typeof TalentErrorCode];

export const TalentNotificationKind = {
  /** To the student: an employer invites them to apply. */
  Received: 'invitation.received',
  /** To the employer: the student accepted or declined. */
  Answered: 'invitation.answered',
} as const;
