import { describe, expect, it } from '@jest/globals';
import type { Match } from './dashboard.api';
import { applicationsPerWeek, recentActivity, topCandidates, weekStart } from './analytics';

let counter = 0;
/** A match with what the analytics read; the rest of the shape does not matter to them. */
const match = (overrides: Partial<Match> = {}): Match =>
  ({
    id: `m${(counter += 1)}`,
    status: 'pending',
    matchScore: 50,
    createdAt: '2026-03-02T10:00:00.000Z',
    updatedAt: '2026-03-02T10:00:00.000Z',
    student: { id: 's1', firstName: 'Ada', lastName: 'Lovelace', skills: [] },
    project: { id: 'p1', title: 'Field app' },
    ...overrides,
  }) as unknown as Match;

/** Local time (the reader's zone, as the chart): year, month (1-12), day, hour. */
const local = (year: number, month: number, day: number, hour = 0) => new Date(year, month - 1, day, hour);

describe('topCandidates', () => {
  it('leaves withdrawn applications out', () => {
    const withdrawn = match({ status: 'withdrawn', matchScore: 99 });
    const pending = match({ matchScore: 10 });
    expect(topCandidates([withdrawn, pending]).map((m) => m.id)).toEqual([pending.id]);
  });

  it('puts the best match score first, and closed applications after every open one', () => {
    const closed = match({ status: 'closed', matchScore: 95 });
    const low = match({ status: 'accepted', matchScore: 40 });
    const high = match({ matchScore: 80 });
    expect(topCandidates([closed, low, high]).map((m) => m.id)).toEqual([high.id, low.id, closed.id]);
  });

  it('puts the newer application first when two score the same', () => {
    const older = match({ createdAt: '2026-03-01T10:00:00.000Z' });
    const newer = match({ createdAt: '2026-03-03T10:00:00.000Z' });
    expect(topCandidates([older, newer]).map((m) => m.id)).toEqual([newer.id, older.id]);
  });

  it('keeps at most the limit, the best ones', () => {
    const matches = [10, 90, 30, 70, 50, 60].map((matchScore) => match({ matchScore }));
    expect(topCandidates(matches).map((m) => m.matchScore)).toEqual([90, 70, 60, 50, 30]);
    expect(topCandidates(matches, 2).map((m) => m.matchScore)).toEqual([90, 70]);
  });

  it('leaves the given list as it was', () => {
    const matches = [match({ matchScore: 10 }), match({ matchScore: 90 })];
    const ids = matches.map((m) => m.id);
    topCandidates(matches);
    expect(matches.map((m) => m.id)).toEqual(ids);
  });
});

describe('weekStart', () => {
  it("is midnight of the Monday of a mid-week day's week", () => {
    expect(weekStart(local(2026, 3, 5, 15))).toEqual(local(2026, 3, 2)); // a Thursday afternoon
  });

  it('counts a Sunday to the week that began the Monday before', () => {
    expect(weekStart(local(2026, 3, 8, 23))).toEqual(local(2026, 3, 2));
  });

  it('is the day itself, at midnight, for a Monday', () => {
    expect(weekStart(local(2026, 3, 9, 9))).toEqual(local(2026, 3, 9));
  });
});

describe('applicationsPerWeek', () => {
  const now = local(2026, 3, 11, 12); // Wednesday of the week of Monday 9 March

  it('gives one bucket per week, a week apart, the current week last, empty weeks at 0', () => {
    const weeks = applicationsPerWeek([], now, 3);
    expect(weeks).toEqual([
      { start: local(2026, 2, 23), count: 0 },
      { start: local(2026, 3, 2), count: 0 },
      { start: local(2026, 3, 9), count: 0 },
    ]);
  });

  it('counts each application in the week it came in', () => {
    const matches = [
      match({ createdAt: local(2026, 3, 9, 8).toISOString() }),
      match({ createdAt: local(2026, 3, 11, 9).toISOString() }),
      match({ createdAt: local(2026, 3, 8, 22).toISOString() }), // Sunday: the week before
    ];
    expect(applicationsPerWeek(matches, now, 2).map((week) => week.count)).toEqual([1, 2]);
  });

  it('leaves out applications before the first week, after the current one, and unreadable dates', () => {
    const matches = [
      match({ createdAt: local(2026, 3, 1, 12).toISOString() }), // the Sunday before the first of 2 weeks
      match({ createdAt: local(2026, 3, 16, 12).toISOString() }), // next week
      match({ createdAt: 'not a date' }),
    ];
    expect(applicationsPerWeek(matches, now, 2).map((week) => week.count)).toEqual([0, 0]);
  });
});

describe('recentActivity', () => {
  it("gives each application's arrival and its last change of status, newest first", () => {
    const accepted = match({
      status: 'accepted',
      createdAt: '2026-03-01T10:00:00.000Z',
      updatedAt: '2026-03-04T10:00:00.000Z',
    });
    const pending = match({ createdAt: '2026-03-02T10:00:00.000Z', updatedAt: '2026-03-02T10:00:00.000Z' });
    expect(recentActivity([accepted, pending])).toEqual([
      {
        key: `${accepted.id}:accepted`,
        at: '2026-03-04T10:00:00.000Z',
        text: 'You accepted Ada Lovelace for Field app',
      },
      { key: `${pending.id}:applied`, at: '2026-03-02T10:00:00.000Z', text: 'Ada Lovelace applied to Field app' },
      { key: `${accepted.id}:applied`, at: '2026-03-01T10:00:00.000Z', text: 'Ada Lovelace applied to Field app' },
    ]);
  });

  it('gives no status line for a pending application, nor for one whose status never moved', () => {
    const unchanged = match({ status: 'rejected' }); // updatedAt === createdAt
    const pending = match({ updatedAt: '2026-03-05T10:00:00.000Z' });
    expect(recentActivity([unchanged, pending]).map((event) => event.key)).toEqual([
      `${unchanged.id}:applied`,
      `${pending.id}:applied`,
    ]);
  });

  it('names a student whose name has not arrived "Unnamed"', () => {
    const nameless = match({ student: { id: 's2', firstName: null, lastName: null, skills: [] } as never });
    expect(recentActivity([nameless])[0]!.text).toBe('Unnamed applied to Field app');
  });

  it('keeps only the newest events up to the limit', () => {
    const matches = ['01', '02', '03'].map((day) => match({ createdAt: `2026-03-${day}T10:00:00.000Z` }));
    expect(recentActivity(matches, 2).map((event) => event.at)).toEqual([
      '2026-03-03T10:00:00.000Z',
      '2026-03-02T10:00:00.000Z',
    ]);
  });
});
