import { describe, expect, it } from '@jest/globals';
import { STALE_ON_NOTIFICATION, STALE_ON_RESYNC, staleOnMatchUpdated, staleOnViewChanged } from './match-live';

const MINE = { type: 'Project', id: 'MINE' };

describe('match-live', () => {
  it("makes a match's figures, the employer's projects and the match's project stale on match:updated", () => {
    expect(staleOnMatchUpdated('p1')).toEqual(['Dashboard', MINE, { type: 'Project', id: 'p1' }]);
  });

  it("makes the project a dashboard announcement names stale with the figures and the employer's projects", () => {
    expect(staleOnViewChanged({ view: 'dashboard', projectId: 'p2' })).toEqual([
      'Dashboard',
      MINE,
      { type: 'Project', id: 'p2' },
    ]);
  });

  it("makes only the figures and the employer's projects stale for a dashboard announcement naming no project", () => {
    expect(staleOnViewChanged({ view: 'dashboard' })).toEqual(['Dashboard', MINE]);
  });

  it("ignores other views' announcements", () => {
    expect(staleOnViewChanged({ view: 'conversations' })).toBeNull();
    expect(staleOnViewChanged({ view: 'admin' })).toBeNull();
  });

  it('makes only the figures stale on any other notification', () => {
    expect(STALE_ON_NOTIFICATION).toEqual(['Dashboard']);
  });

  it("asks the figures and the employer's projects again after the socket was down", () => {
    expect(STALE_ON_RESYNC).toEqual(['Dashboard', MINE]);
  });
});
