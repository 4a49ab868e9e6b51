import { type NotificationSettings, TalentNotificationKind, WorkspaceNotificationType } from '@projectory/contracts';
import type { Mail } from '@projectory/platform';
import type { MessageMailRow, NotificationMailRow } from '../repositories/away-mail.repository.js';

/** How much of a message a notification or mail quotes. */
export const PREVIEW_LENGTH = 140;

export const preview = (content: string, fileName: string | null): string => {
  const text = content.length > PREVIEW_LENGTH ? `${content.slice(0, PREVIEW_LENGTH - 1)}…` : content;
  return text || (fileName ? `Sent a file: ${fileName}` : '');
};

export const senderName = (first: string | null, last: string | null): string =>
  `${first ?? ''} ${last ?? ''}`.trim() || 'Someone';

/** Where a conversation opens in the web app. */
export const conversationLink = (matchId: string) => `/messages?match=${matchId}`;

const workspaceTypes: ReadonlySet<string> = new Set(Object.values(WorkspaceNotificationType));

/** The setting that lets a notification type be mailed, or null for types that are never mailed. */
export function mailSetting(type: string): keyof NotificationSettings['email'] | null {
  // A new application, and matching's nudge about one still waiting for an answer (no ghosting).
  if (type === 'application.received' || type === 'application.waiting') return 'applications';
  // An employer's invitation to apply, and the student's answer to it (API.md "Finding talent").
  if (type === TalentNotificationKind.Received || type === TalentNotificationKind.Answered) return 'applications';
  if (type === 'application.status_changed') return 'statusChanges';
  // The collaboration's reminders, submissions, decisions and sessions (API.md "Reminders").
  if (workspaceTypes.has(type)) return 'statusChanges';
  return null;
}

const footer = (origin: string) =>
  `\n\nYou get this e-mail because it happened while you were away. Choose which e-mails you get in your settings: ${origin}/settings\n`;

export function messageMail(row: MessageMailRow & { email: string }, origin: string): Mail {
  const from = senderName(row.sender_first_name, row.sender_last_name);
  const about = row.project_title ? ` about ${row.project_title}` : '';
  const count = row.unread_count > 1 ? `${row.unread_count} unread messages` : 'a new message';
  return {
    to: row.email,
    subject: `New message from ${from}`,
    text:
      `${from} sent you ${count}${about} on Projectory.\n\n` +
      `"${preview(row.content, row.file_name)}"\n\n` +
      `Read and reply: ${origin}${conversationLink(row.match_id)}` +
      footer(origin),
  };
}

export function notificationMail(row: NotificationMailRow & { email: string }, origin: string): Mail {
  const link = row.link ? `\n\nOpen: ${origin}${row.link}` : '';
  return {
    to: row.email,
    subject: row.title,
    text: `${row.body ?? row.title}${link}${footer(origin)}`,
  };
}
