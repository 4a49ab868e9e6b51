import type { Conversation, Message } from '@projectory/contracts';
import type { VerificationLevel } from '@projectory/contracts/values';
import { formatDate } from '../../shared/lib/format-date';
import { messagesTexts } from './messages.texts';
import { personName, type NamedPerson } from '../../shared/lib/person-name';

const timeFormat = new Intl.DateTimeFormat(undefined, { hour: 'numeric', minute: '2-digit' });
const shortDateFormat = new Intl.DateTimeFormat(undefined, { month: 'short', day: 'numeric' });

/** The local calendar day of an ISO time, as a key ("2026-11-24"). */
export function dayKey(iso: string): string {
  const date = new Date(iso);
  return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
}

/** A date separator: Today, Yesterday or the date. */
export function dayLabel(iso: string, now = new Date()): string {
  const key = dayKey(iso);
  if (key === dayKey(now.toISOString())) return messagesTexts.thread.today;
  const yesterday = new Date(now);
  yesterday.setDate(now.getDate() - 1);
  if (key === dayKey(yesterday.toISOString())) return messagesTexts.thread.yesterday;
  return formatDate(iso);
}

export function formatTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : timeFormat.format(date);
}

/** The conversation list's time: the time today, else the day. */
export function formatListTime(iso: string, now = new Date()): string {
  return dayKey(iso) === dayKey(now.toISOString()) ? formatTime(iso) : shortDateFormat.format(new Date(iso));
}

/** The one-line preview of a conversation's last message. */
export function previewOf(message: Message | null, mine: boolean): string {
  const t = messagesTexts.list;
  if (!message) return t.noMessages;
  let text = message.content;
  if (!text && message.attachment) text = t.attachment(message.attachment.fileName);
  if (!text && message.call) text = messagesTexts.thread.callOutcome[message.call.outcome] ?? t.call;
  return `${mine ? t.you : ''}${text}`;
}

/** A conversation's counterpart, 'Unknown user' until their name has reached the service. */
export function counterpartName(person: NamedPerson): string {
  return personName(person, messagesTexts.list.unnamed);
}

export function initialsOf(person: { firstName: string; lastName: string }): string {
  return `${person.firstName.charAt(0)}${person.lastName.charAt(0)}`.toUpperCase() || '?';
}

/** The counterpart's verification, once conversations carry it (an employer's "Verified employer" mark). */
export const counterpartVerification = (conversation: Conversation): VerificationLevel | undefined =>
  (conversation.counterpart as { verification?: VerificationLevel }).verification;
