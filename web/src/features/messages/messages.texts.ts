import type { WorkspaceProgress } from '@projectory/contracts';
/**
 * Texts of /messages (prototype spec §2 "Messages screen", §8 "Message send failure"). Imports only the
 * contracts' zod-free values at run time, so that browser tests can read it.
 */
import { MESSAGE_CONTENT_MAX } from '@projectory/contracts/values';

/** Prototype spec §10: the message box grows from 40 to 120 px; the thread pane is 600 px tall. */
export const COMPOSER_MIN_HEIGHT = 40;
export const COMPOSER_MAX_HEIGHT = 120;
export const CONTENT_MAX = MESSAGE_CONTENT_MAX;
/** The character counter shows from this many characters on. */
export const COUNTER_FROM = CONTENT_MAX - 500;
/** Search waits until typing pauses this long. */
export const SEARCH_DEBOUNCE_MS = 300;

export const messagesTexts = {
  documentTitle: 'Messages · Projectory',
  title: 'Messages',
  lead: 'Talk with the other side of your applications while they are pending or accepted.',

  list: {
    label: 'Conversations',
    search: 'Search conversations...',
    searchLabel: 'Search conversations',
    archived: 'Archived',
    archivedHint: 'Ended matches, read-only',
    loading: 'Loading conversations...',
    loadError: 'Could not load your conversations.',
    empty: 'No conversations yet. Start by accepting some matches!',
    emptyArchived: 'No archived conversations.',
    noResults: 'No conversations match your search.',
    unread: (count: number) => `${count} unread`,
    noMessages: 'No messages yet',
    you: 'You: ',
    attachment: (name: string) => `File: ${name}`,
    call: 'Call',
    unnamed: 'Someone',
    untitled: 'A project',
  },

  thread: {
    workspace: 'Open the workspace',
    workspaceLabel: (project: string, progress?: WorkspaceProgress) =>
      `Open the workspace of ${project}: milestones, submissions and sessions` +
      (progress && progress.total > 0 ? `, ${progress.percent}% done` : ''),
    progress: ({ percent }: WorkspaceProgress) => `${percent}% done`,
    select: 'Select a conversation',
    selectHint: 'Choose a conversation on the left to read and reply.',
    back: 'Back to conversations',
    loading: 'Loading messages...',
    loadError: 'Could not load this conversation.',
    notFound: 'This conversation does not exist or is not yours.',
    empty: 'No messages yet. Start the conversation!',
    loadOlder: 'Load older messages',
    loadingOlder: 'Loading older messages...',
    olderError: 'Could not load older messages.',
    logLabel: (name: string) => `Messages with ${name}`,
    project: 'Project',
    score: (score: number) => `${score}% match`,
    today: 'Today',
    yesterday: 'Yesterday',
    sent: 'Sent',
    read: 'Read',
    sending: 'Sending...',
    failed: 'Failed to send',
    retry: 'Retry',
    retryLabel: 'Retry sending this message',
    you: 'You',
    download: (name: string) => `Download ${name}`,
    callOutcome: { completed: 'Call', missed: 'Missed call', declined: 'Declined call' } as Record<string, string>,
    callDuration: (seconds: number) => `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`,
    archivedNote: 'This match has ended, so the conversation is read-only.',
    messageActions: (name: string) => `Actions for this message from ${name}`,
    reportMessage: 'Report message',
    reportWhat: 'this message',
    actions: (name: string) => `Actions for the conversation with ${name}`,
    reportUser: (name: string) => `Report ${name}`,
  },

  composer: {
    label: 'Message',
    placeholder: 'Type a message...',
    hint: 'Enter sends, Shift+Enter starts a new line.',
    send: 'Send',
    sendLabel: 'Send message',
    counter: (length: number) => `${length} / ${CONTENT_MAX}`,
    attach: 'Attach file',
    attachLabel: 'Attach a file',
    removeAttachment: 'Remove file',
    cancelUpload: 'Cancel upload',
    uploading: (name: string) => `Uploading ${name}`,
    uploaded: (name: string) => `${name} is ready to send`,
    uploadFailed: (name: string, reason: string) => `${name} could not be uploaded: ${reason}`,
    retryUpload: 'Try again',
  },

  errors: {
    title: 'Error',
    send: 'Failed to send message. Please try again.',
    closed: 'This conversation is read-only now: the match has ended.',
    blocked: 'You cannot message this person: one of you blocked the other.',
  },

  retry: 'Try Again',

  /** The "Message" button on an application (both sides), opening its thread. */
  open: {
    label: 'Message',
    aria: (name: string, project: string) => `Message ${name} about ${project}`,
  },
};

/** The thread of one match: the deep link of Message buttons, 'Manage Project' and notifications. */
export const threadPath = (matchId: string): string => `/messages?match=${encodeURIComponent(matchId)}`;
