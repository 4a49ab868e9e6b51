import { describe, expect, it } from '@jest/globals';
import type {
  AdminProject,
  AdminSafetyReport,
  AdminUser,
  AdminVerificationRequest,
  UpgradeRequest,
} from '@projectory/contracts';
import {
  applyPlanToRequests,
  applyProjectUpdate,
  applyResolvedReport,
  applyUserUpdate,
  applyVerificationDecision,
  type CachedPages,
} from './admin-cache';

const user = (id: string, overrides: Partial<AdminUser> = {}): AdminUser => ({
  id,
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: `${id}@example.com`,
  role: 'student',
  plan: 'free',
  suspended: false,
  hasAssessment: true,
  createdAt: '2026-03-01T10:00:00.000Z',
  ...overrides,
});

const project = (id: string, overrides: Partial<AdminProject> = {}): AdminProject => ({
  id,
  title: 'Field app',
  exchangeType: 'mentorship',
  isActive: true,
  archived: false,
  employer: { id: 'e1', firstName: 'Grace', lastName: 'Hopper', email: 'grace@example.com' },
  createdAt: '2026-03-01T10:00:00.000Z',
  ...overrides,
});

const request = (id: string, userId: string, plan: UpgradeRequest['plan'], status: UpgradeRequest['status'] = 'open') =>
  ({
    id,
    user: { id: userId, firstName: 'Ada', lastName: 'Lovelace', email: null, plan: 'free' },
    plan,
    message: null,
    status,
    createdAt: '2026-03-01T10:00:00.000Z',
    closedAt: null,
  }) satisfies UpgradeRequest;

const pages = <T>(...lists: T[][]): CachedPages<T> => ({
  pages: lists.map((items) => ({ items, nextCursor: null })),
});

describe('applyUserUpdate', () => {
  it('puts the answer into the row of that id on whichever page holds it, keeping hasAssessment', () => {
    const cached = pages([user('a')], [user('b'), user('c')]);
    const { hasAssessment: _, ...answer } = user('b', { plan: 'enterprise', suspended: true });
    expect(applyUserUpdate(cached, answer)).toBe(true);
    expect(cached.pages[1]!.items[0]).toEqual(user('b', { plan: 'enterprise', suspended: true, hasAssessment: true }));
  });

  it('leaves the other rows alone, and says so when no page holds the user', () => {
    const cached = pages([user('a'), user('c')]);
    const { hasAssessment: _, ...answer } = user('b', { role: 'admin' });
    expect(applyUserUpdate(cached, answer)).toBe(false);
    expect(cached).toEqual(pages([user('a'), user('c')]));
  });
});

describe('applyProjectUpdate', () => {
  it("puts the answer into the project's row, keeping its employer", () => {
    const cached = pages([project('p1'), project('p2')]);
    const { employer: _, ...answer } = project('p2', { isActive: false, title: 'Renamed' });
    expect(applyProjectUpdate(cached, answer)).toBe(true);
    expect(cached.pages[0]!.items).toEqual([project('p1'), project('p2', { isActive: false, title: 'Renamed' })]);
  });
});

describe('applyPlanToRequests', () => {
  it('takes the open request for the granted plan out of an open list, and shows the new plan on the rest', () => {
    const cached = pages([request('r1', 'ada', 'professional'), request('r2', 'bob', 'professional')]);
    applyPlanToRequests(cached, 'open', 'ada', 'professional');
    expect(cached.pages[0]!.items).toEqual([request('r2', 'bob', 'professional')]);
  });

  it('keeps an open request for a higher plan than the one granted, showing the plan the user has now', () => {
    const cached = pages([request('r1', 'ada', 'enterprise')]);
    applyPlanToRequests(cached, 'open', 'ada', 'professional');
    expect(cached.pages[0]!.items).toEqual([
      {
        ...request('r1', 'ada', 'enterprise'),
        user: { ...request('r1', 'ada', 'enterprise').user, plan: 'professional' },
      },
    ]);
  });

  it("closes every open request of the user's when Enterprise is granted", () => {
    const cached = pages([request('r1', 'ada', 'professional')], [request('r2', 'ada', 'enterprise')]);
    applyPlanToRequests(cached, 'open', 'ada', 'enterprise');
    expect(cached.pages.map((page) => page.items)).toEqual([[], []]);
  });

  it('keeps the rows of a granted list, with the plan the user has now', () => {
    const cached = pages([request('r1', 'ada', 'professional', 'granted')]);
    applyPlanToRequests(cached, 'granted', 'ada', 'enterprise');
    expect(cached.pages[0]!.items.map((row) => [row.id, row.user.plan])).toEqual([['r1', 'enterprise']]);
  });
});

describe('trust and safety queues', () => {
  const report = (id: string, overrides: Partial<AdminSafetyReport> = {}): AdminSafetyReport => ({
    id,
    source: 'user',
    targetType: 'message',
    targetId: `t-${id}`,
    reason: 'asks_for_money',
    details: null,
    flags: ['gift_cards'],
    status: 'open',
    reporter: { id: 'r1', firstName: 'Sam', lastName: 'Student', role: 'student' },
    reportedUser: { id: 'e1', firstName: 'Erin', lastName: 'Employer', role: 'employer' },
    snapshot: { text: 'Pay by gift card', title: null, matchId: 'm1', projectId: null },
    reporterOtherReports: [],
    resolution: null,
    createdAt: '2026-03-01T10:00:00.000Z',
    ...overrides,
  });
  const resolved = report('a', {
    status: 'resolved',
    resolution: {
      action: 'suspend',
      note: 'Scam',
      by: { id: 'ad', firstName: 'Ada', lastName: 'Admin', role: 'admin' },
      at: '2026-03-02T10:00:00.000Z',
    },
  });

  it('takes a resolved report out of the open queue and puts it first in the resolved one', () => {
    const open: CachedPages<AdminSafetyReport> = { pages: [{ items: [report('a'), report('b')], nextCursor: null }] };
    applyResolvedReport(open, 'open', resolved);
    expect(open.pages[0]!.items.map((row) => row.id)).toEqual(['b']);

    const done: CachedPages<AdminSafetyReport> = {
      pages: [{ items: [report('c', { status: 'resolved' })], nextCursor: null }],
    };
    applyResolvedReport(done, 'resolved', resolved);
    expect(done.pages[0]!.items.map((row) => row.id)).toEqual(['a', 'c']);
    expect(done.pages[0]!.items[0]!.resolution?.action).toBe('suspend');
  });

  it("decides an employer's waiting verification requests: gone from the pending list, dated in the full one", () => {
    const row = (employerId: string): AdminVerificationRequest => ({
      employer: {
        id: employerId,
        firstName: 'Erin',
        lastName: 'E',
        email: 'e@acme.example',
        company: 'Acme',
        website: null,
      },
      level: 'none',
      method: 'registration',
      registrationNumber: 'HRB 1234',
      country: 'DE',
      requestedAt: '2026-03-01T10:00:00.000Z',
      decidedAt: null,
    });
    const verification = { level: 'registered', pending: false, pendingMethod: null, website: null } as const;
    const pending: CachedPages<AdminVerificationRequest> = {
      pages: [{ items: [row('e1'), row('e2')], nextCursor: null }],
    };
    applyVerificationDecision(pending, 'pending', 'e1', verification, '2026-03-03T10:00:00.000Z');
    expect(pending.pages[0]!.items.map((item) => item.employer.id)).toEqual(['e2']);

    const all: CachedPages<AdminVerificationRequest> = { pages: [{ items: [row('e1'), row('e2')], nextCursor: null }] };
    applyVerificationDecision(all, 'all', 'e1', verification, '2026-03-03T10:00:00.000Z');
    expect(all.pages[0]!.items[0]).toMatchObject({ level: 'registered', decidedAt: '2026-03-03T10:00:00.000Z' });
    expect(all.pages[0]!.items[1]!.decidedAt).toBeNull();
  });
});
