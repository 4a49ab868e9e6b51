/**
 * Texts of a collaboration's workspace (/workspaces/:matchId, API.md "The collaboration workspace";
 * PRODUCT.md "The exchange, delivered"). Imports nothing at run time but the contracts' plain values,
 * so that browser tests can read it.
 */
import {
  FEEDBACK_MAX,
  MILESTONE_DESCRIPTION_MAX,
  MILESTONE_TITLE_MAX,
  SESSION_AGENDA_MAX,
  SESSION_DURATION_MAX,
  SESSION_DURATION_MIN,
  SESSION_TITLE_MAX,
  SUBMISSION_LINKS_MAX,
  SUBMISSION_NOTE_MAX,
} from '@projectory/contracts/values';

const tooLong = (label: string, max: number) => `${label} must be at most ${max} characters`;

/**
 * The conversation of a match, as messages.texts.ts' `threadPath` builds it (the workspace links to it
 * without depending on the messages feature).
 */
export const conversationPath = (matchId: string): string => `/messages?match=${encodeURIComponent(matchId)}`;

/** The calendar feed and a submission's file, served by the API. */
export const calendarUrl = (matchId: string): string => `/api/workspaces/${encodeURIComponent(matchId)}/calendar.ics`;
export const submissionFileUrl = (matchId: string, submissionId: string): string =>
  `/api/workspaces/${encodeURIComponent(matchId)}/submissions/${encodeURIComponent(submissionId)}/file`;

export const workspaceTexts = {
  documentTitle: (project: string) => `${project} · Workspace · Projectory`,
  fallbackTitle: 'Workspace · Projectory',
  back: 'Back to dashboard',
  loading: 'Loading the workspace...',
  loadError: 'Could not load the workspace',
  retry: 'Try Again',
  error: 'That did not work',
  /** Every dialog's way out without a change. */
  cancel: 'Cancel',

  header: {
    lead: (who: string | undefined) => (who ? `Your collaboration workspace with ${who}` : 'Collaboration workspace'),
    employerWho: (name: string, company: string | null) => (company ? `${name}, ${company}` : name),
    bothSides: (student: string, employer: string) => `${student} (student) · ${employer} (employer)`,
    facts: 'About this collaboration',
    exchange: 'Exchange',
    counterpart: 'Working with',
    status: 'Status',
    calendar: 'Add to calendar',
    calendarLabel: 'Add the due dates and sessions to your calendar (.ics file)',
    conversation: 'Open the conversation',
    closed: {
      completed: 'This collaboration is completed; the workspace is read-only.',
      other: 'This collaboration has ended; the workspace is read-only.',
    },
    /** The student's credential for a completed collaboration (API.md "Credentials"), once it was issued. */
    viewCredential: 'View your credential',
    readOnlyViewer: 'You are viewing this workspace as an administrator; it is read-only for you.',
  },

  milestones: {
    title: 'Milestones',
    listLabel: 'Milestones, in order',
    add: 'Add milestone',
    due: (date: string) => `Due ${date}`,
    approvedOn: (date: string) => `Approved ${date}`,
    noDue: 'No due date',
    /** Said in words, not only shown in red. */
    overdue: 'Overdue',
    /** The empty plan, as each side reads it (and once the workspace is closed). */
    empty: {
      employer: 'No milestones yet: add the first one.',
      student: 'Your employer has not planned milestones yet.',
      closed: 'No milestones were planned.',
    },
    /** The buttons' accessible names, which say which milestone they act on. */
    labels: {
      edit: (title: string) => `Edit ${title}`,
      remove: (title: string) => `Delete ${title}`,
      moveUp: (title: string) => `Move ${title} up`,
      moveDown: (title: string) => `Move ${title} down`,
      submit: (title: string) => `Submit work for ${title}`,
      approve: (title: string) => `Approve the work for ${title}`,
      requestChanges: (title: string) => `Request changes to the work for ${title}`,
    },
    edit: 'Edit',
    remove: 'Delete',
    submit: 'Submit work',
    submitAgain: 'Submit again',
    approve: 'Approve',
    requestChanges: 'Request changes',
    confirmRemove: {
      title: (title: string) => `Delete the milestone “${title}”?`,
      body: 'It leaves the plan, with any work submitted for it. This cannot be undone.',
      ok: 'Delete',
      cancel: 'Keep it',
    },
    waiting: 'Waiting for your decision.',
    waitingStudent: 'Submitted: waiting for the employer’s decision.',
  },

  submissions: {
    title: (n: number) => `Submissions (${n})`,
    none: 'Nothing submitted yet.',
    submittedOn: (date: string) => `Submitted ${date}`,
    latest: 'Latest',
    note: 'Note',
    links: 'Links',
    file: 'File',
    download: (name: string, size: string) => `Download ${name} (${size})`,
    decision: {
      approved: 'Approved',
      changes_requested: 'Changes requested',
      pending: 'Waiting for a decision',
    },
    decidedOn: (date: string) => `on ${date}`,
    feedback: 'Feedback',
  },

  milestoneDialog: {
    addTitle: 'Add milestone',
    editTitle: 'Edit milestone',
    title: {
      label: 'Title',
      placeholder: 'e.g. First draft of the landing page',
      required: 'Give the milestone a title',
      tooLong: tooLong('The title', MILESTONE_TITLE_MAX),
    },
    description: {
      label: 'Description (optional)',
      placeholder: 'What should be delivered, and how will you judge it?',
      tooLong: tooLong('The description', MILESTONE_DESCRIPTION_MAX),
    },
    dueDate: 'Due date (optional)',
    dueDateHint: 'Today or later.',
    save: 'Save',
    add: 'Add milestone',
    added: 'Milestone added',
    saved: 'Milestone saved',
  },

  submitDialog: {
    title: (milestone: string) => `Submit work: ${milestone}`,
    note: {
      label: 'Note',
      placeholder: 'What did you do, and what should the employer look at?',
      required: 'Write a short note about the work',
      tooLong: tooLong('The note', SUBMISSION_NOTE_MAX),
    },
    links: `Links (optional, up to ${SUBMISSION_LINKS_MAX})`,
    linkLabel: (n: number) => `Link ${n}`,
    linkPlaceholder: 'https://',
    linkInvalid: 'Enter an address that starts with http:// or https://',
    addLink: 'Add a link',
    removeLink: (n: number) => `Remove link ${n}`,
    file: 'File (optional)',
    chooseFile: 'Attach a file',
    changeFile: 'Choose another file',
    removeFile: 'Remove the file',
    cancelUpload: 'Cancel the upload',
    retryUpload: 'Try the upload again',
    uploading: (name: string) => `Uploading ${name}`,
    uploaded: (name: string) => `${name} uploaded`,
    progressLabel: (name: string) => `Upload of ${name}`,
    uploadFailed: (name: string, why: string) => `${name} could not be uploaded: ${why}`,
    waitForUpload: 'Wait until the file is uploaded.',
    submit: 'Submit work',
    submitted: 'Work submitted: the employer has been told',
  },

  decisionDialog: {
    approveTitle: (milestone: string) => `Approve the work for “${milestone}”?`,
    changesTitle: (milestone: string) => `Request changes to “${milestone}”`,
    /** To ask for changes feedback is required; to approve it is optional. */
    feedback: {
      label: 'Feedback',
      placeholder: 'What was good, and what should change?',
      required: 'Say what should change: feedback is required',
      tooLong: tooLong('Feedback', FEEDBACK_MAX),
    },
    feedbackOptional: 'Feedback (optional)',
    approve: 'Approve',
    requestChanges: 'Request changes',
    approved: 'Milestone approved',
    changesRequested: 'Changes requested: the student has been told',
  },

  sessions: {
    title: 'Sessions',
    lead: 'Meetings you plan together: mentoring, reviews, check-ins.',
    schedule: 'Schedule a session',
    empty: 'No upcoming sessions. Schedule one to meet and talk the work through.',
    emptyClosed: 'No upcoming sessions.',
    listLabel: 'Upcoming sessions',
    minutes: (n: number) => `${n} min`,
    when: (date: string, duration: string) => `${date} · ${duration}`,
    by: (name: string) => `Scheduled by ${name}`,
    byYou: 'Scheduled by you',
    agenda: 'Agenda',
    cancel: 'Cancel session',
    cancelLabel: (title: string) => `Cancel the session ${title}`,
    confirmCancel: {
      title: (title: string) => `Cancel the session “${title}”?`,
      body: 'The other participant is told, and it is marked cancelled in both calendars.',
      ok: 'Cancel session',
      cancel: 'Keep it',
    },
    cancelled: 'Session cancelled',
  },

  sessionDialog: {
    title: 'Schedule a session',
    name: {
      label: 'Title',
      placeholder: 'e.g. Weekly check-in',
      required: 'Give the session a title',
      tooLong: tooLong('The title', SESSION_TITLE_MAX),
    },
    startsAt: 'Date and time',
    startsAtRequired: 'Choose when the session starts',
    startsAtPast: 'Choose a time in the future',
    duration: 'Duration (minutes)',
    durationRange: `Between ${SESSION_DURATION_MIN} and ${SESSION_DURATION_MAX} minutes`,
    agenda: {
      label: 'Agenda (optional)',
      placeholder: 'What will you talk about?',
      tooLong: tooLong('The agenda', SESSION_AGENDA_MAX),
    },
    submit: 'Schedule',
    scheduled: 'Session scheduled: the other participant has been told',
  },
};
