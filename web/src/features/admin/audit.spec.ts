import { describe, expect, it } from '@jest/globals';
import type { AdminAuditEntry } from '@projectory/contracts';
import { auditActionLabel, auditTarget, describeChange } from './audit';

const ID = '0f8fad5b-d9cb-469f-a165-70867728950e';

const entry = (overrides: Partial<AdminAuditEntry>): AdminAuditEntry => ({
  id: ID,
  actor: { id: '7c9e6679-7425-40de-944b-e07fc1f90ae7', email: 'employer@example.com' },
  action: 'credential.revoked',
  target: { type: 'credential', id: ID },
  before: { status: 'active' },
  after: { status: 'revoked' },
  reason: 'Issued for the wrong project',
  at: '2026-03-01T10:00:00.000Z',
  ...overrides,
});

describe('audit rows', () => {
  it('shows a revocation as "Revoked a credential", its target linking to the public page', () => {
    const revoked = entry({});
    expect(auditActionLabel(revoked)).toBe('Revoked a credential');
    expect(auditTarget(revoked)).toEqual({ text: 'credential 0f8fad5b', href: `/credentials/${ID}` });
    expect(describeChange(revoked)).toBe('status: active → revoked');
  });

  it('keeps users and projects as shortened ids, a dead letter whole, and unknown actions as they are', () => {
    expect(auditTarget(entry({ target: { type: 'user', id: ID } }))).toEqual({ text: 'user 0f8fad5b', href: null });
    expect(auditTarget(entry({ target: { type: 'project', id: ID } }))).toEqual({
      text: 'project 0f8fad5b',
      href: null,
    });
    expect(auditTarget(entry({ target: { type: 'dead_letter', id: 'messaging:event:12' } }))).toEqual({
      text: 'dead_letter messaging:event:12',
      href: null,
    });
    expect(auditActionLabel(entry({ action: 'project.moderated' }))).toBe('Project moderated');
    expect(auditActionLabel({ action: 'something.new' as AdminAuditEntry['action'] })).toBe('something.new');
    expect(describeChange(entry({ before: { plan: 'free' }, after: { plan: 'professional', suspended: true } }))).toBe(
      'plan: free → professional; suspended: — → true',
    );
  });
});
