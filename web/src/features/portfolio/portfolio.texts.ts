/**
 * Texts of /portfolio (prototype spec §2 "Portfolio screen", §4 "Portfolio verificationStatus" and
 * "File upload", §5 "Portfolio item", §8 "Upload errors"). Imports only the contracts' zod-free values
 * at run time, so that browser tests can read it.
 */
import {
  PORTFOLIO_DESCRIPTION_MAX,
  PORTFOLIO_DESCRIPTION_MIN,
  PORTFOLIO_NOTES_MAX,
  PORTFOLIO_TITLE_MAX,
  type VerificationStatus,
} from '@projectory/contracts/values';

export type PortfolioTab = 'all' | 'verified' | 'pending';

export const portfolioTabs: readonly PortfolioTab[] = ['all', 'verified', 'pending'];

/** Prototype spec §2: six placeholder cards while loading. */
export const PLACEHOLDER_CARDS = 6;
/** API.md "Portfolio and files" / prototype spec §5. */
export const TITLE_MAX = PORTFOLIO_TITLE_MAX;
export const DESCRIPTION_MIN = PORTFOLIO_DESCRIPTION_MIN;
export const DESCRIPTION_MAX = PORTFOLIO_DESCRIPTION_MAX;
export const NOTES_MAX = PORTFOLIO_NOTES_MAX;

/** A title from a file name: without its extension, separators as spaces, at most TITLE_MAX characters. */
export function titleFromFileName(fileName: string): string {
  const base = fileName.replace(/\.[^./\\]{1,8}$/, '');
  return base.replace(/[_-]+/g, ' ').replace(/\s+/g, ' ').trim().slice(0, TITLE_MAX);
}

export const statusLabels: Record<VerificationStatus, string> = {
  verified: 'Verified',
  pending: 'Pending',
  rejected: 'Rejected',
  under_review: 'Under Review',
};

/** Prototype spec §4: any value other than verified, pending and rejected reads 'Under Review'. */
export function statusLabel(status: string): string {
  return status in statusLabels ? statusLabels[status as VerificationStatus] : statusLabels.under_review;
}

export const portfolioTexts = {
  documentTitle: 'Portfolio · Projectory',
  title: 'Portfolio',
  lead: 'Show your skills with real work. Employers you work with can verify it, and verified skills count more in your matches.',
  add: 'Add Portfolio Item',
  tabsLabel: 'Portfolio items',
  tabs: { all: 'All Items', verified: 'Verified', pending: 'Pending' } satisfies Record<PortfolioTab, string>,
  loading: 'Loading your portfolio...',
  loadError: 'Could not load your portfolio.',
  retry: 'Try Again',
  empty: {
    title: 'No portfolio items yet',
    body: 'Upload a project, a certificate or any work that shows what you can do.',
    cta: 'Add Your First Item',
  },
  emptyTab: {
    verified: 'No verified items yet. Employers you work with can verify your items.',
    pending: 'No items are waiting for review.',
  } satisfies Record<Exclude<PortfolioTab, 'all'>, string>,

  /** API.md "Credentials": what completed projects earned, and whether the profile lists each. */
  credentials: {
    title: 'Credentials',
    lead: 'Each project you complete earns a signed credential that anyone can verify from its link.',
    loading: 'Loading your credentials...',
    loadError: 'Could not load your credentials.',
    empty: 'Complete a project to earn your first credential.',
    browse: 'Browse Projects',
    showOnProfile: 'Show on my profile',
    showOnProfileLabel: (title: string) => `Show on my profile: ${title}`,
    saveFailed: 'Could not change whether your profile shows it. Please try again.',
  },

  card: {
    skill: 'Skill',
    file: 'File',
    viewFile: 'View File',
    viewFileLabel: (title: string) => `View File: ${title} (opens in a new tab)`,
    notes: 'Review notes',
    reviewedBy: (name: string) => `Reviewed by ${name}`,
    edit: 'Edit',
    editLabel: (title: string) => `Edit: ${title}`,
    delete: 'Delete',
    deleteLabel: (title: string) => `Delete: ${title}`,
    confirmDelete: (title: string) => `Delete ${title}?`,
    confirmDeleteBody: 'The item and its file are removed for good.',
    cancel: 'Cancel',
    deleted: (title: string) => `${title} deleted`,
    deleteFailed: 'Could not delete the item. Please try again.',
  },

  dialog: {
    title: 'Add Portfolio Item',
    file: 'File',
    skill: 'Related Skill',
    skillPlaceholder: 'Choose one of your skills',
    noSkills: 'Add a skill to your profile first: every portfolio item proves one of your skills.',
    addSkills: 'Add Skills',
    itemTitle: 'Title',
    titlePlaceholder: 'e.g. Mobile banking app redesign',
    description: 'Description',
    descriptionPlaceholder: 'What you did, with which tools, and the result',
    cancel: 'Cancel',
    submit: 'Add Portfolio Item',
    submitting: 'Adding...',
    needsFile: 'Upload a file to add the item.',
  },

  edit: {
    title: 'Edit Portfolio Item',
    save: 'Save Changes',
    saving: 'Saving...',
    verifiedNote: 'This item is verified. Changing it sends it back for review.',
    saved: 'Portfolio item updated',
  },

  validation: {
    skill: 'Please select a skill',
    titleRequired: 'Title is required',
    titleMax: `Title must be under ${PORTFOLIO_TITLE_MAX} characters`,
    descriptionMin: `Description must be at least ${PORTFOLIO_DESCRIPTION_MIN} characters`,
    descriptionMax: `Description must be under ${PORTFOLIO_DESCRIPTION_MAX} characters`,
  },

  upload: {
    drop: 'Drag and drop a file here, or click to choose one',
    /** `maxSize`: the portfolio's upload limit, formatted (shared/lib/format-file-size.ts). */
    hint: (maxSize: string) => `One file up to ${maxSize}: PDF, images, Office documents, zip, text or MP4.`,
    uploading: 'Uploading',
    paused: 'Paused',
    complete: 'Upload complete',
    failed: 'Upload failed',
    progressLabel: (fileName: string) => `Upload of ${fileName}`,
    progress: (sent: string, total: string) => `${sent} of ${total}`,
    pause: 'Pause',
    resume: 'Resume',
    cancel: 'Cancel Upload',
    retry: 'Try Again',
    changeFile: 'Change File',
  },

  toast: {
    added: 'Portfolio Added',
    addedBody: 'Your portfolio item has been uploaded successfully!',
    failed: 'Upload Failed',
    failedBody: 'Failed to add portfolio item',
    verified: (title: string) => `${title} was verified`,
    rejected: (title: string) => `${title} was not verified`,
  },
} as const;
