/**
 * Texts and limits of Find Talent (/talent, API.md "Finding talent"). Imports only the contracts'
 * zod-free values at run time, so that browser tests can read it.
 */
import {
  FIND_TALENT_PATH,
  INVITATION_MESSAGE_MAX,
  TALENT_SKILLS_MAX,
  type InvitationStatus,
} from '@projectory/contracts/values';

export { FIND_TALENT_PATH, INVITATION_MESSAGE_MAX, TALENT_SKILLS_MAX };

/** Students per page of results. */
export const TALENT_PAGE_SIZE = 12;
/** How long typing pauses before the words are searched. */
export const TALENT_SEARCH_DELAY_MS = 350;

export type TalentTab = 'search' | 'shortlist';
export const talentTabs: readonly TalentTab[] = ['search', 'shortlist'];

const invitationStatusLabels: Record<InvitationStatus, string> = {
  pending: 'Invited',
  accepted: 'Invitation accepted',
  declined: 'Invitation declined',
  expired: 'Invitation expired',
};

export const talentTexts = {
  documentTitle: 'Find Talent',
  title: 'Find Talent',
  lead: 'Search students who chose to be found, by their skills, the skills employers verified and their fit with your projects, and invite them to apply.',
  tabsLabel: 'Find Talent',
  tabs: { search: 'Search', shortlist: 'Shortlist' } satisfies Record<TalentTab, string>,
  employersOnly: {
    title: 'Find Talent is for employers',
    body: 'Employers search for students here. To let employers find you, turn on "Let employers find me" in your settings.',
    action: 'Open Settings',
  },
  filters: {
    label: 'Filter students',
    words: 'Search students',
    wordsPlaceholder: 'Name, headline, school or skill',
    skills: 'Skills',
    skillsPlaceholder: 'Any skill from the catalog',
    skillsHint: `Students must hold every skill chosen (at most ${TALENT_SKILLS_MAX}).`,
    verifiedOnly: 'Only verified skills',
    verifiedOnlyHint: 'The chosen skills must have been verified by an employer.',
    graduationYear: 'Graduation year',
    anyYear: 'Any year',
    rankBy: 'Rank by fit for',
    rankByNone: 'Most verified skills first',
    rankByLoading: 'Loading your projects…',
    clear: 'Clear filters',
  },
  results: {
    label: 'Students',
    loading: 'Loading students…',
    loadError: 'Could not load students.',
    retry: 'Try Again',
    empty: 'No students match your search.',
    emptyFiltered:
      'No students match these filters. Try fewer skills, turn off "Only verified skills" or clear the graduation year.',
    emptyNone:
      'No students have chosen to be found yet. Students appear here once they turn on "Let employers find me".',
    rateLimited: 'You are searching very fast. Wait a moment, then try again.',
    loadMore: 'Load more',
    loadingMore: 'Loading…',
    rankedBy: (title: string) => `Best fit for “${title}” first.`,
    unranked: 'Students with the most verified skills first.',
  },
  card: {
    school: (school: string | null, major: string | null, year: number | null) =>
      [major, school, year ? `Class of ${year}` : null].filter(Boolean).join(' · '),
    verifiedSkills: 'Verified skills',
    otherSkills: 'Other skills',
    noSkills: 'No skills listed yet.',
    credentials: (count: number) => (count === 1 ? '1 credential' : `${count} credentials`),
    fit: 'Fit',
    fitScore: (score: number) => `${score}% fit`,
    skillsMatch: 'Skills',
    cultureMatch: 'Culture',
    shortlist: 'Shortlist',
    /** A card's button named with its student, its visible words first: "Shortlist, Sam Lee". */
    forStudent: (words: string, name: string) => `${words}, ${name}`,
    shortlistLabel: (name: string) => `Shortlist, ${name}`,
    shortlistFailed: 'Could not change the shortlist. Please try again.',
    invite: 'Invite to apply',
    inviteAgain: 'Invite to another project',
    invitation: (status: InvitationStatus) => invitationStatusLabels[status],
  },
  shortlist: {
    heading: 'Your shortlist',
    loading: 'Loading your shortlist…',
    loadError: 'Could not load your shortlist.',
    empty: 'Your shortlist is empty. Shortlist students from the search to come back to them here.',
    toSearch: 'Search students',
  },
  invite: {
    title: (name: string) => `Invite ${name} to apply`,
    intro: 'The student is told at once and may accept, which sends you their application, or decline.',
    project: 'Project',
    projectPlaceholder: 'Choose one of your active projects',
    projectRequired: 'Choose the project you invite them to.',
    noProjects: 'You have no active project to invite to. Post or reactivate a project first.',
    toProjects: 'Go to My Projects',
    message: 'Message (optional)',
    messagePlaceholder: 'Why you think they would fit, what the project offers…',
    messageTooLong: `The message must be at most ${INVITATION_MESSAGE_MAX} characters.`,
    send: 'Send Invitation',
    cancel: 'Cancel',
    sent: (name: string) => `${name} is invited. You will be told when they answer.`,
    failed: 'Could not send the invitation.',
    alreadyInvited: 'This student already has a pending invitation to this project.',
    alreadyApplied: 'This student already applied to this project: find them among its candidates.',
    rateLimited: 'You sent the most invitations allowed in a day. Try again tomorrow.',
    blocked: 'You cannot invite this student.',
    verificationRequired: {
      title: 'Verify your company to invite students',
      body: 'Only verified employers may invite students to apply.',
      link: 'Verify your company',
    },
  },
};
