import { describe, expect, it } from '@jest/globals';
import { renderReport } from './report.js';

describe('renderReport', () => {
  it('states every figure and the time', () => {
    const text = renderReport(
      {
        totalUsers: 4,
        students: 2,
        employers: 1,
        admins: 1,
        suspended: 1,
        plans: { free: 3, professional: 1, enterprise: 0 },
        assessments: 1,
        skillsCount: 3,
        projects: 2,
        activeProjects: 1,
        matches: 2,
        matchStatuses: { pending: 1, accepted: 1 },
        openUpgradeRequests: 1,
      },
      new Date('2026-03-01T10:00:00.000Z'),
    );
    expect(text).toContain('Generated: 2026-03-01T10:00:00.000Z');
    expect(text).toContain('Total users: 4');
    expect(text).toContain('Completed: 1 (25% of users)');
    expect(text).toContain('Skills tracked: 3');
    expect(text).toMatch(/accepted: 1\n {2}pending: 1/);
  });
});
