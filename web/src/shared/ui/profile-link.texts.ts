/** The link from a candidate card to the student's profile (ProfileLink.tsx). Imports nothing: browser tests read it. */

/** Where an employer opens a candidate's profile (features/candidates' page). */
export const candidatePath = (userId: string) => `/candidates/${encodeURIComponent(userId)}`;

export const profileLinkTexts = {
  viewProfile: 'View Profile',
  viewProfileLabel: (name: string) => `View Profile: ${name}`,
};
