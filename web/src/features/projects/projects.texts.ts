/**
 * Texts and limits of the projects pages (prototype spec §2 "Projects page", §5, §8, §9). Imports only
 * the contracts' zod-free values at run time, so that browser tests can read it. The exchange types'
 * labels and the apply toasts are the matching feature's (matching.texts.ts `exchangeLabel`,
 * `matchingTexts.applied`).
 */
import {
  type ExchangeType,
  MILESTONE_DAY_OFFSET_MAX,
  MILESTONES_MAX,
  PROJECT_DESCRIPTION_MAX,
  PROJECT_DURATION_MAX,
  PROJECT_EXCHANGE_DESCRIPTION_MAX,
  PROJECT_TITLE_MAX,
  RECOMMENDATION_MAX,
  UNVERIFIED_ACTIVE_PROJECTS_MAX,
} from '@projectory/contracts/values';

/** The limits the server applies (libs/contracts values/projects.ts), with the prototype's messages where it has them. */
export {
  PROJECT_DESCRIPTION_MAX,
  PROJECT_DURATION_MAX,
  PROJECT_EXCHANGE_DESCRIPTION_MAX,
  PROJECT_TAG_MAX,
  PROJECT_TAGS_MAX,
  PROJECT_TITLE_MAX,
} from '@projectory/contracts/values';

/** The milestone template's limits (API.md "A plan from the project"). */
export {
  MILESTONE_DAY_OFFSET_MAX,
  MILESTONE_DESCRIPTION_MAX,
  MILESTONE_TITLE_MAX,
  MILESTONES_MAX,
} from '@projectory/contracts/values';

/** Prototype spec §3: the browse filter offers only these. */
export const FILTER_EXCHANGE_TYPES: readonly ExchangeType[] = [
  'mentorship',
  'certification',
  'experience',
  'portfolio',
];

/** Prototype spec §9: 3 skill or value tags on a card before '+N more'; 'Flexible' when no duration is given. */
export const MAX_TAGS_ON_CARD = 3;
/** The fit on a card and a project page shows its first reasons only (the server orders them). */
export const MAX_FIT_REASONS = 3;
export const DEFAULT_DURATION = 'Flexible';
/** Projects per page of the browse list. */
export const BROWSE_PAGE_SIZE = 12;
export const SEARCH_DELAY_MS = 300;

export const projectsTexts = {
  documentTitle: { student: 'Browse Projects · Projectory', employer: 'My Projects · Projectory' },
  title: { student: 'Browse Projects', employer: 'My Projects' },
  lead: {
    student:
      'Real projects from employers. Apply to the ones that fit you and get mentorship, credentials or experience in exchange.',
    employer: 'Post projects, follow your applicants and decide who to work with.',
    admin: 'Every active project on Projectory.',
  },
  tabs: { browse: 'Browse Projects', applications: 'My Applications' },

  browse: {
    heading: 'Projects',
    search: 'Search projects',
    searchPlaceholder: 'Search projects...',
    type: 'Filter by type',
    allTypes: 'All Types',
    loading: 'Loading projects...',
    loadError: 'Could not load projects',
    retry: 'Try Again',
    empty: 'No projects available yet. Check back later!',
    noResults: 'No projects match your search criteria.',
    loadMore: 'Load more',
    loadingMore: 'Loading...',
    sort: 'Sort by',
    sorts: { newest: 'Newest', fit: 'Best fit' },
    fitLead: 'Active projects ranked by how well they fit you, best first.',
    fitEmpty: 'No active projects to rank yet. Check back later!',
  },

  /** The signed-in student's fit with a project, on its card and its page (GET /api/matches/fit). */
  fit: {
    label: 'Your fit',
    loading: 'Working out your fit...',
    scores: (skills: number, culture: number) => `Skills ${skills}% · Culture ${culture}%`,
    failed: 'Your fit could not be worked out just now.',
    retry: 'Try Again',
  },

  card: {
    active: 'Active',
    inactive: 'Inactive',
    by: (name: string) => `by ${name}`,
    exchange: 'Exchange',
    duration: 'Duration',
    requiredSkills: 'Required skills',
    culturalValues: 'Cultural values',
    whatYouGet: "What you'll get",
    posted: (date: string) => `Posted ${date}`,
    apply: 'Apply Now',
    applying: 'Applying...',
    applied: 'Applied',
    applyLabel: (title: string) => `Apply Now: ${title}`,
    viewDetails: 'View Details',
    viewDetailsLabel: (title: string) => `View details of ${title}`,
    applicants: (n: number) => (n === 1 ? '1 applicant' : `${n} applicants`),
    pending: (n: number) => `${n} pending`,
  },

  applications: {
    heading: 'My Applications',
    loading: 'Loading your applications...',
    loadError: 'Could not load your applications',
    retry: 'Try Again',
    empty: "You haven't applied to any projects yet.",
    browse: 'Browse Projects',
    employer: (name: string) => `with ${name}`,
    appliedOn: (date: string) => `Applied ${date}`,
    match: (score: number) => `${score}% match`,
    skills: 'Skills Match',
    culture: 'Culture Match',
    withdraw: 'Withdraw',
    withdrawLabel: (title: string) => `Withdraw your application to ${title}`,
    confirmWithdraw: {
      title: 'Withdraw this application?',
      body: 'The employer will no longer consider you for this project, and you cannot apply to it again.',
      ok: 'Withdraw',
      cancel: 'Keep Application',
    },
    withdrawn: 'Application withdrawn',
    workspace: 'Open workspace',
    workspaceLabel: (title: string) => `Open the workspace of ${title}`,
  },

  stats: {
    label: 'Your projects in figures',
    total: 'Total Projects',
    active: 'Active Projects',
    applicants: 'Applicants',
    pending: 'Pending Review',
  },

  employer: {
    create: 'Create Project',
    loading: 'Loading your projects...',
    loadError: 'Could not load your projects',
    retry: 'Try Again',
    emptyTitle: 'No projects yet',
    emptyBody: 'Create your first project to start receiving applications from students.',
    listHeading: 'Your projects',
    edit: 'Edit',
    editLabel: (title: string) => `Edit ${title}`,
    activate: 'Activate',
    deactivate: 'Deactivate',
    activateLabel: (title: string) => `Activate ${title}`,
    deactivateLabel: (title: string) => `Deactivate ${title}`,
    activated: 'Project activated',
    deactivated: 'Project deactivated',
    remove: 'Delete',
    removeLabel: (title: string) => `Delete ${title}`,
    confirmRemove: {
      title: (title: string) => `Delete "${title}"?`,
      body: 'Students will no longer see it or be able to apply. Applications you received stay in your records.',
      ok: 'Delete',
      cancel: 'Cancel',
    },
    removed: 'Project deleted',
    actionFailed: 'Error',
  },

  form: {
    createTitle: 'Create New Project',
    editTitle: 'Edit Project',
    title: 'Project Title',
    titlePlaceholder: 'e.g. Redesign our volunteer sign-up flow',
    description: 'Project Description',
    descriptionPlaceholder: 'What will the student work on, and with whom?',
    exchangeType: 'What Students Will Receive',
    exchangeTypePlaceholder: 'Select what students receive',
    exchangeDescription: 'Exchange Details (optional)',
    exchangeDescriptionPlaceholder: 'e.g. Weekly mentoring sessions with our lead designer',
    duration: 'Project Duration (optional)',
    durationHint: 'e.g. 2-3 weeks, 1 month, Flexible',
    requiredSkills: 'Required Skills (optional)',
    requiredSkillsPlaceholder: 'Search the skill catalog or type a skill, then Enter',
    requiredSkillsHint: 'Skills students list match by name and alias (JS is JavaScript).',
    culturalValues: 'Cultural Values (optional)',
    culturalValuesName: 'Cultural Values',
    culturalValuesPlaceholder: 'Add a value and press Enter',
    add: 'Add',
    addLabel: (field: string) => `Add to ${field}`,
    removeTag: (tag: string) => `Remove ${tag}`,
    tagAlreadyAdded: (tag: string) => `${tag} is already added.`,
    tagsFull: (max: number) => `You can add up to ${max}.`,
    tagAdded: (tag: string) => `${tag} added.`,
    tagRemoved: (tag: string) => `${tag} removed.`,
    cancel: 'Cancel',
    create: 'Create Project',
    creating: 'Creating...',
    save: 'Save Changes',
    saving: 'Saving...',
    // Prototype spec §5 and the server's messages (API.md "Projects").
    titleRequired: 'Title is required',
    titleTooLong: `Title must be less than ${PROJECT_TITLE_MAX} characters`,
    descriptionRequired: 'Description is required',
    descriptionTooLong: `Description must be less than ${PROJECT_DESCRIPTION_MAX} characters`,
    exchangeTypeRequired: 'Exchange type is required',
    exchangeDescriptionTooLong: `Exchange details must be at most ${PROJECT_EXCHANGE_DESCRIPTION_MAX} characters`,
    durationTooLong: `Duration must be at most ${PROJECT_DURATION_MAX} characters`,
  },

  /** The project's plan: the milestones a workspace starts with when the employer accepts a student. */
  milestones: {
    heading: 'Milestones (optional)',
    hint: 'The plan your workspace with an accepted student starts from. Due dates count from the day you accept.',
    empty: 'No milestones yet: the workspace starts empty and you can plan it after accepting a student',
    item: (n: number) => `Milestone ${n}`,
    title: 'Title',
    titlePlaceholder: 'e.g. First draft of the designs',
    description: 'Description (optional)',
    descriptionPlaceholder: 'What should be delivered?',
    dayOffset: 'Due (days after acceptance)',
    add: 'Add milestone',
    full: `You can plan up to ${MILESTONES_MAX} milestones.`,
    moveUp: (n: number) => `Move milestone ${n} up`,
    moveDown: (n: number) => `Move milestone ${n} down`,
    remove: (n: number) => `Remove milestone ${n}`,
    moved: (n: number) => `Milestone moved to position ${n}.`,
    removed: (n: number) => `Milestone ${n} removed.`,
    added: (n: number) => `Milestone ${n} added.`,
    // The server's messages (libs/contracts workspace.ts milestoneTemplateSchema).
    titleRequired: 'Milestone title is required',
    titleTooLong: (max: number) => `Milestone title must be at most ${max} characters`,
    descriptionTooLong: (max: number) => `Milestone description must be at most ${max} characters`,
    dayOffsetRequired: 'Enter the days from acceptance to the due date',
    dayOffsetInvalid: `Enter a whole number of days from 0 to ${MILESTONE_DAY_OFFSET_MAX}`,
    /** On the project's page, to its employer. */
    detailHeading: 'Milestone plan',
    due: (days: number) =>
      days === 0
        ? 'Due on acceptance day'
        : days === 1
          ? 'Due 1 day after acceptance'
          : `Due ${days} days after acceptance`,
  },
  created: {
    title: 'Project Created!',
    description: 'Your project has been created and is now visible to students.',
  },
  createFailed: { title: 'Error', description: 'Failed to create project. Please try again.' },
  verificationRequired: {
    title: 'Verify your company to post more projects',
    body: `Unverified companies can have at most ${UNVERIFIED_ACTIVE_PROJECTS_MAX} active projects.`,
    link: 'Verify your company',
  },
  updated: 'Project updated',
  updateFailed: { title: 'Error', description: 'Failed to update project. Please try again.' },

  safety: {
    reportProject: 'Report this project',
    reportWhat: 'this project',
  },
  detail: {
    back: 'Back to Projects',
    loading: 'Loading project...',
    notFoundTitle: 'Project not found',
    notFoundBody: 'This project does not exist, was deleted, or is no longer open.',
    loadError: 'Could not load this project',
    retry: 'Try Again',
    about: 'About the project',
    exchange: 'What students receive',
    duration: 'Duration',
    requiredSkills: 'Required Skills',
    culturalValues: 'Cultural Values',
    none: 'None listed',
    postedBy: (name: string) => `Posted by ${name}`,
    yourApplication: 'Your application',
    applyTitle: 'Interested?',
    applyBody: 'Apply and the employer sees your culture fit and skill match, with the reasons behind them.',
    inactiveNote: 'This project is not accepting applications right now.',
    employerNote: 'Only students can apply to projects.',
  },

  candidates: {
    heading: 'Candidates',
    count: (n: number) => (n === 1 ? '1 application' : `${n} applications`),
    loading: 'Loading candidates...',
    loadError: 'Could not load the candidates',
    retry: 'Try Again',
    empty: 'No applications yet. Candidates appear here as soon as students apply.',
    match: (score: number) => `${score}% match`,
    skills: 'Skills Match',
    culture: 'Culture Match',
    appliedOn: (date: string) => `Applied ${date}`,
    studentSkills: (name: string) => `${name}'s skills`,
    pitch: (name: string) => `Why ${name} applied`,
    noSkills: 'No skills listed yet.',
    verified: 'Verified',
    accept: 'Accept',
    reject: 'Reject',
    complete: 'Mark completed',
    acceptLabel: (name: string) => `Accept ${name}`,
    rejectLabel: (name: string) => `Reject ${name}`,
    completeLabel: (name: string) => `Mark the project completed with ${name}`,
    confirmReject: {
      title: (name: string) => `Reject ${name}?`,
      body: 'They will be told that you decided not to move forward. This cannot be undone.',
      ok: 'Reject',
      cancel: 'Cancel',
    },
    confirmComplete: {
      title: (name: string) => `Mark the project completed with ${name}?`,
      body: 'Both of you can then leave a review.',
      recommendation: {
        label: 'Recommendation (optional)',
        placeholder: 'What did they do well? What would you trust them with next?',
        tooLong: `The recommendation must be at most ${RECOMMENDATION_MAX} characters`,
      },
      recommendationHint: 'Your words about the student’s work, kept with this collaboration.',
      milestonesOpen: 'Approve every milestone before completing.',
      openWorkspace: 'Open the workspace',
      ok: 'Mark completed',
      cancel: 'Cancel',
    },
    workspace: 'Open workspace',
    workspaceLabel: (name: string) => `Open the workspace with ${name}`,
    changed: {
      accepted: (name: string) => `${name} accepted`,
      rejected: (name: string) => `${name} rejected`,
      completed: (name: string) => `Project completed with ${name}`,
    },
    unnamed: 'A student',
  },

  error: 'Error',
  live: 'Live updates',
} as const;
