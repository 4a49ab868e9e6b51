/**
 * A workspace's calendar feed as RFC 5545 text (API.md `GET /api/workspaces/:matchId/calendar.ics`): one
 * all-day VEVENT per milestone with a due date, one timed VEVENT per session (cancelled ones kept, with
 * STATUS:CANCELLED, so that subscribed calendars drop them), stable UIDs and SEQUENCE = the item's
 * revision. Written here rather than with a library: the `ics` package folds lines at 75 characters, not
 * 75 octets, and RFC 5545 §3.1 counts octets (a title in Greek or with emoji would break the limit).
 */

export interface CalendarMilestone {
  id: string;
  title: string;
  description: string;
  /** `YYYY-MM-DD`. */
  dueDate: string;
  revision: number;
  updatedAt: Date;
}

export interface CalendarSession {
  id: string;
  title: string;
  agenda: string;
  startsAt: Date;
  durationMinutes: number;
  revision: number;
  updatedAt: Date;
  cancelled: boolean;
}

export interface WorkspaceCalendarInput {
  /** The project's title: the calendar's name. */
  projectTitle: string;
  /** The workspace page (absolute): every event's URL. */
  workspaceUrl: string;
  milestones: readonly CalendarMilestone[];
  sessions: readonly CalendarSession[];
  /** When the feed is made: every event's DTSTAMP (METHOD:PUBLISH, RFC 5546 §2.1.5). */
  generatedAt: Date;
}

export const PRODUCT_ID = '-//Projectory//Workspace calendar//EN';
/** RFC 5545 §3.1: lines longer than 75 octets are folded. */
const LINE_OCTETS = 75;
const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;

export const milestoneUid = (id: string): string => `milestone-${id}@projectory`;
export const sessionUid = (id: string): string => `session-${id}@projectory`;

/**
 * A TEXT value (RFC 5545 §3.3.11): backslash, semicolon and comma escaped, every line break as `\n`, and
 * the other control characters (which TEXT may not hold, HTAB aside) dropped.
 */
export function escapeText(value: string): string {
  return (
    value
      .replace(/\\/g, '\\\\')
      .replace(/;/g, '\\;')
      .replace(/,/g, '\\,')
      .replace(/\r\n|\r|\n/g, '\\n')
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u0008\u000a-\u001f\u007f]/g, '')
  );
}

/**
 * Folds one content line (RFC 5545 §3.1): at most 75 octets a line, continuation lines starting with a
 * space, never splitting a UTF-8 sequence (nor a surrogate pair).
 */
export function foldLine(line: string): string {
  if (Buffer.byteLength(line, 'utf8') <= LINE_OCTETS) return line;
  const lines: string[] = [];
  let current = '';
  let octets = 0;
  for (const char of line) {
    const size = Buffer.byteLength(char, 'utf8');
    if (octets + size > LINE_OCTETS) {
      lines.push(current);
      current = ' ';
      octets = 1;
    }
    current += char;
    octets += size;
  }
  lines.push(current);
  return lines.join('\r\n');
}

/** A UTC DATE-TIME: `20261203T143000Z`. */
export function utcDateTime(date: Date): string {
  return date
    .toISOString()
    .replace(/\.\d{3}Z$/, 'Z')
    .replace(/[-:]/g, '');
}

/** A DATE from `YYYY-MM-DD`: `20261203`. */
const dateValue = (day: string): string => day.replace(/-/g, '');

/** The day after `YYYY-MM-DD` (an all-day event's DTEND is exclusive). */
export function nextDay(day: string): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + DAY_MS).toISOString().slice(0, 10);
}

function milestoneEvent(milestone: CalendarMilestone, input: WorkspaceCalendarInput): string[] {
  return [
    'BEGIN:VEVENT',
    `UID:${milestoneUid(milestone.id)}`,
    `DTSTAMP:${utcDateTime(input.generatedAt)}`,
    `DTSTART;VALUE=DATE:${dateValue(milestone.dueDate)}`,
    `DTEND;VALUE=DATE:${dateValue(nextDay(milestone.dueDate))}`,
    `SEQUENCE:${milestone.revision}`,
    `LAST-MODIFIED:${utcDateTime(milestone.updatedAt)}`,
    `SUMMARY:${escapeText(`Due: ${milestone.title}`)}`,
    ...(milestone.description ? [`DESCRIPTION:${escapeText(milestone.description)}`] : []),
    `URL:${input.workspaceUrl}`,
    // A deadline does not block the day in anyone's free/busy.
    'TRANSP:TRANSPARENT',
    'END:VEVENT',
  ];
}

function sessionEvent(session: CalendarSession, input: WorkspaceCalendarInput): string[] {
  const endsAt = new Date(session.startsAt.getTime() + session.durationMinutes * MINUTE_MS);
  return [
    'BEGIN:VEVENT',
    `UID:${sessionUid(session.id)}`,
    `DTSTAMP:${utcDateTime(input.generatedAt)}`,
    `DTSTART:${utcDateTime(session.startsAt)}`,
    `DTEND:${utcDateTime(endsAt)}`,
    `SEQUENCE:${session.revision}`,
    `LAST-MODIFIED:${utcDateTime(session.updatedAt)}`,
    `SUMMARY:${escapeText(session.title)}`,
    ...(session.agenda ? [`DESCRIPTION:${escapeText(session.agenda)}`] : []),
    `URL:${input.workspaceUrl}`,
    `STATUS:${session.cancelled ? 'CANCELLED' : 'CONFIRMED'}`,
    'END:VEVENT',
  ];
}

/** The whole feed: CRLF line endings, folded lines, ending with a CRLF. */
export function workspaceCalendar(input: WorkspaceCalendarInput): string {
  const lines = [
    'BEGIN:VCALENDAR',
    `PRODID:${PRODUCT_ID}`,
    'VERSION:2.0',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    `X-WR-CALNAME:${escapeText(input.projectTitle || 'Workspace')}`,
    ...input.milestones.flatMap((milestone) => milestoneEvent(milestone, input)),
    ...input.sessions.flatMap((session) => sessionEvent(session, input)),
    'END:VCALENDAR',
  ];
  return lines.map(foldLine).join('\r\n') + '\r\n';
}

/**
 * The download's file name: `<project>-workspace.ics`, with what no file system takes (separators,
 * control characters) replaced; the header itself is made safe by platform's `contentDisposition`.
 */
export function calendarFileName(projectTitle: string): string {
  const base = projectTitle
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f/\\:*?"<>|]+/g, '-')
    .trim()
    .slice(0, 80);
  return `${base || 'project'}-workspace.ics`;
}
