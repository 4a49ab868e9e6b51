/**
 * Texts of the candidate profile (/candidates/:userId), which employers open from a candidate card,
 * and of the employer's list of portfolio items waiting for review. Imports nothing at run time, so
 * that browser tests can read it.
 */

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

export const candidatesTexts = {
  documentTitle: (name: string) => `${name} · Projectory`,
  back: 'Back to Dashboard',
  loading: 'Loading the profile...',
  loadError: 'Could not load this profile.',
  retry: 'Try Again',
  unnamed: 'Unnamed candidate',
  notFound: {
    title: 'Profile not found',
    body: 'This profile does not exist, or you cannot see it: employers see the profiles of students who applied to their projects.',
    cta: 'Back to Dashboard',
  },

  about: 'About',
  education: 'Education',
  graduation: (year: number) => `Class of ${year}`,
  links: 'Links',
  linkLabel: (label: string) => `${label} (opens in a new tab)`,
  noBio: 'No bio yet.',

  skills: {
    title: 'Skills',
    verified: 'Verified',
    empty: 'No skills listed yet.',
    label: (name: string) => `Skills of ${name}`,
  },

  /** API.md "Credentials": the ones the student lists on their profile (public and active). */
  credentials: {
    title: 'Credentials',
    empty: (name: string) => `${name} lists no credentials yet.`,
  },

  portfolio: {
    title: 'Portfolio',
    count: (n: number) => plural(n, 'item', 'items'),
    empty: 'No portfolio items yet.',
    canVerify: 'You work with this student: verify the items that show their skills, or reject them with a reason.',
    verify: 'Verify',
    verifyLabel: (title: string) => `Verify: ${title}`,
    reject: 'Reject',
    rejectLabel: (title: string) => `Reject: ${title}`,
  },

  review: {
    verifyTitle: (title: string) => `Verify ${title}`,
    rejectTitle: (title: string) => `Reject ${title}`,
    verifyBody:
      "Verifying marks the item's skill as verified on the student's profile, and it counts more in matching.",
    rejectBody: 'Tell the student what is missing: they see your notes and can improve the item.',
    notes: 'Notes',
    notesOptional: 'Notes (optional)',
    notesRequired: 'Notes are required to reject an item',
    cancel: 'Cancel',
    confirmVerify: 'Verify Item',
    confirmReject: 'Reject Item',
    verified: (title: string) => `${title} verified`,
    rejected: (title: string) => `${title} rejected`,
    failed: 'Could not save your review. Please try again.',
  },

  reviews: {
    title: 'Reviews',
  },

  culture: {
    title: 'Culture Profile',
    workingStyle: 'Working Style',
    values: 'Top Values',
    noValues: 'No values chosen.',
    none: 'This student has not taken the culture assessment yet.',
  },

  pending: {
    title: 'Portfolio Items to Review',
    lead: 'Work your students asked you to verify. Open their profile to view the file and decide.',
    loading: 'Loading the items to review...',
    loadError: 'Could not load the items to review.',
    empty: 'Nothing to review. When a student you work with adds portfolio items, they show here.',
    by: (name: string) => `by ${name}`,
    open: 'Open Profile',
    openLabel: (title: string, name: string) => `Open Profile: ${name}, to review ${title}`,
  },
} as const;
