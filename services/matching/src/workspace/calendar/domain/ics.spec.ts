import { describe, expect, it } from '@jest/globals';
import ICAL from 'ical.js';
import {
  calendarFileName,
  escapeText,
  foldLine,
  milestoneUid,
  nextDay,
  sessionUid,
  utcDateTime,
  workspaceCalendar,
  type WorkspaceCalendarInput,
} from './ics.js';

const input = (overrides: Partial<WorkspaceCalendarInput> = {}): WorkspaceCalendarInput => ({
  projectTitle: 'Data pipeline, v2; "ETL"',
  workspaceUrl: 'https://projectory.example/workspaces/7c9e6679-7425-40de-944b-e07fc1f90ae7',
  generatedAt: new Date('2026-11-29T10:00:00.123Z'),
  milestones: [
    {
      id: 'm1',
      title: 'Schema, draft; first\\cut',
      description: 'Line one\nLine two\r\nLine three',
      dueDate: '2026-12-31',
      revision: 2,
      updatedAt: new Date('2026-11-28T09:00:00Z'),
    },
    { id: 'm2', title: 'Report', description: '', dueDate: '2027-02-28', revision: 0, updatedAt: new Date() },
  ],
  sessions: [
    {
      id: 's1',
      title: 'Kick-off',
      agenda: 'Intro, goals; questions',
      startsAt: new Date('2026-12-03T14:30:00Z'),
      durationMinutes: 45,
      revision: 0,
      updatedAt: new Date('2026-11-29T08:00:00Z'),
      cancelled: false,
    },
    {
      id: 's2',
      title: 'Review',
      agenda: '',
      startsAt: new Date('2026-12-10T09:00:00Z'),
      durationMinutes: 60,
      revision: 1,
      updatedAt: new Date('2026-11-29T08:30:00Z'),
      cancelled: true,
    },
  ],
  ...overrides,
});

/** The feed as a real parser reads it. */
function parse(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  const events = calendar.getAllSubcomponents('vevent').map((component) => ({
    component,
    event: new ICAL.Event(component),
  }));
  return { calendar, events, byUid: (uid: string) => events.find(({ event }) => event.uid === uid)! };
}

describe('the workspace calendar feed (RFC 5545)', () => {
  it('is a VCALENDAR that a real parser reads: calendar properties, milestones all-day, sessions timed', () => {
    const text = workspaceCalendar(input());
    const { calendar, events, byUid } = parse(text);
    expect(calendar.getFirstPropertyValue('version')).toBe('2.0');
    expect(calendar.getFirstPropertyValue('prodid')).toBe('-//Projectory//Workspace calendar//EN');
    expect(calendar.getFirstPropertyValue('calscale')).toBe('GREGORIAN');
    expect(calendar.getFirstPropertyValue('method')).toBe('PUBLISH');
    expect(text).toContain('X-WR-CALNAME:Data pipeline\\, v2\\; "ETL"\r\n');
    expect(events).toHaveLength(4);

    const schema = byUid(milestoneUid('m1'));
    expect(schema.event.startDate.isDate).toBe(true);
    expect(schema.event.startDate.toString()).toBe('2026-12-31');
    expect(schema.event.endDate.toString()).toBe('2027-01-01');
    expect(schema.event.summary).toBe('Due: Schema, draft; first\\cut');
    expect(schema.event.description).toBe('Line one\nLine two\nLine three');
    expect(schema.event.sequence).toBe(2);
    expect(schema.component.getFirstPropertyValue('url')).toBe(input().workspaceUrl);
    expect(schema.component.getFirstPropertyValue('dtstamp')?.toString()).toBe('2026-11-29T10:00:00Z');
    expect(byUid(milestoneUid('m2')).event.endDate.toString()).toBe('2027-03-01');
    expect(byUid(milestoneUid('m2')).component.hasProperty('description')).toBe(false);

    const kickOff = byUid(sessionUid('s1'));
    expect(kickOff.event.startDate.isDate).toBe(false);
    expect(kickOff.event.startDate.toJSDate().toISOString()).toBe('2026-12-03T14:30:00.000Z');
    expect(kickOff.event.endDate.toJSDate().toISOString()).toBe('2026-12-03T15:15:00.000Z');
    expect(kickOff.event.startDate.zone?.tzid).toBe('UTC');
    expect(kickOff.event.description).toBe('Intro, goals; questions');
    expect(kickOff.component.getFirstPropertyValue('status')).toBe('CONFIRMED');

    const review = byUid(sessionUid('s2'));
    expect(review.component.getFirstPropertyValue('status')).toBe('CANCELLED');
    expect(review.event.sequence).toBe(1);
  });

  it('ends every line with CRLF and folds at 75 octets without splitting a character', () => {
    const title = 'Ελληνικά 😀 '.repeat(30);
    const text = workspaceCalendar(input({ projectTitle: title }));
    expect(text.endsWith('END:VCALENDAR\r\n')).toBe(true);
    expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    const lines = text.split('\r\n');
    for (const line of lines) expect(Buffer.byteLength(line, 'utf8')).toBeLessThanOrEqual(75);
    expect(lines.some((line) => line.startsWith(' '))).toBe(true);
    expect(parse(text).calendar.getFirstPropertyValue('x-wr-calname')).toBe(title);
    const session = input().sessions[0]!;
    const long = workspaceCalendar(input({ sessions: [{ ...session, agenda: '€'.repeat(700) + ', done' }] }));
    expect(parse(long).byUid(sessionUid('s1')).event.description).toBe('€'.repeat(700) + ', done');
  });

  it('escapes TEXT and drops control characters', () => {
    expect(escapeText('a\\b;c,d\ne\r\nf\rg')).toBe('a\\\\b\\;c\\,d\\ne\\nf\\ng');
    expect(escapeText('tab\tbell\u0007nul\u0000')).toBe('tab\tbellnul');
  });

  it('folds only what is longer than 75 octets', () => {
    expect(foldLine('x'.repeat(75))).toBe('x'.repeat(75));
    expect(foldLine('x'.repeat(76))).toBe(`${'x'.repeat(75)}\r\n x`);
    // é is 2 octets: 37 fit in 74, the 38th would make 76.
    const folded = foldLine(`S${'é'.repeat(40)}`).split('\r\n');
    expect(folded.map((line) => Buffer.byteLength(line))).toEqual([75, 7]);
  });

  it('formats dates and times', () => {
    expect(utcDateTime(new Date('2026-01-02T03:04:05.678Z'))).toBe('20260102T030405Z');
    expect(nextDay('2028-02-28')).toBe('2028-02-29');
    expect(nextDay('2026-12-31')).toBe('2027-01-01');
  });

  it('names the download after the project, safely', () => {
    expect(calendarFileName('Data pipeline')).toBe('Data pipeline-workspace.ics');
    expect(calendarFileName('a/b\\c:"d"\r\n')).toBe('a-b-c-d--workspace.ics');
    expect(calendarFileName('  ')).toBe('project-workspace.ics');
  });
});
