import { randomUUID } from 'node:crypto';
import { expect, it } from '@jest/globals';
import { type AdminAuditEntry, type Collection, ReportResolvedV1 } from '@projectory/contracts';
import { useApiStack } from '@projectory/api-stack';
import {
  type ApiClient,
  describeWithInfra,
  type Person,
  publishEvent,
  signUpPerson,
  waitFor,
  withDatabase,
} from '@projectory/testing';

/**
 * API.md "Trust and safety", audited by the admin service from the owners' events: an admin's employer
 * verification decision (identity's EmployerVerificationChanged, method `admin`; a domain link the
 * employer opened is not audited) and a resolved report (messaging's ReportResolved, `report.<action>`).
 */
await describeWithInfra(['postgres'], 'admin: trust and safety audit', () => {
  const adminEmail = `safety.admin.${Date.now().toString(36)}@example.com`;
  const stack = useApiStack(['identity', 'admin'], { ADMIN_EMAILS: adminEmail });
  const inAdmin = 'SELECT 1 FROM admin.users WHERE id = $1';
  let chief: Person | undefined;
  const admin = async (): Promise<Person> =>
    (chief ??= await signUpPerson(stack, 'student', { readyWhen: inAdmin, overrides: { email: adminEmail } }));

  const audited = (client: ApiClient, found: (entry: AdminAuditEntry) => boolean) =>
    waitFor(async () =>
      (await client.get('/api/admin/audit?limit=100')).json<Collection<AdminAuditEntry>>().items.find(found),
    );

  it("audits an admin's verification decision with the levels and the note", async () => {
    const { client, user: adminUser } = await admin();
    const employer = await signUpPerson(stack, 'employer', { readyWhen: inAdmin });
    const decided = await client.mutate('PATCH', `/api/admin/employers/${employer.user.id}/verification`, {
      level: 'registered',
      note: 'Checked the trade register',
    });
    expect(decided.status).toBe(200);
    const entry = await audited(client, (item) => item.target.id === employer.user.id);
    expect(entry).toEqual({
      id: expect.any(String),
      actor: { id: adminUser.id, email: adminUser.email },
      action: 'employer.verification',
      target: { type: 'user', id: employer.user.id },
      before: { verification: 'none' },
      after: { verification: 'registered' },
      reason: 'Checked the trade register',
      at: expect.any(String),
    });
  });

  it('audits a resolved report against the reported user, once per report', async () => {
    const { client, user: adminUser } = await admin();
    const reported = await signUpPerson(stack, 'employer', { readyWhen: inAdmin });
    const resolved = {
      reportId: randomUUID(),
      targetType: 'project' as const,
      targetId: randomUUID(),
      reportedUserId: reported.user.id,
      reason: 'asks_for_money' as const,
      action: 'warn' as const,
      actorId: adminUser.id,
      note: 'Asked students for a deposit',
      resolvedAt: new Date().toISOString(),
    };
    await publishEvent(stack.bus, ReportResolvedV1, resolved.reportId, resolved, { source: 'messaging' });
    const entry = await audited(client, (item) => item.id === resolved.reportId);
    expect(entry).toEqual({
      id: resolved.reportId,
      actor: { id: adminUser.id, email: adminUser.email },
      action: 'report.warn',
      target: { type: 'user', id: reported.user.id },
      before: { report: 'open' },
      after: {
        report: 'resolved',
        action: 'warn',
        reason: 'asks_for_money',
        targetType: 'project',
        targetId: resolved.targetId,
      },
      reason: 'Asked students for a deposit',
      at: resolved.resolvedAt,
    });
    await publishEvent(stack.bus, ReportResolvedV1, resolved.reportId, resolved, { source: 'messaging' });
    const marker = { ...resolved, reportId: randomUUID(), action: 'dismiss' as const };
    await publishEvent(stack.bus, ReportResolvedV1, marker.reportId, marker, { source: 'messaging' });
    await audited(client, (item) => item.id === marker.reportId && item.action === 'report.dismiss');
    const count = await withDatabase(
      stack,
      async (db) => (await db.query('SELECT 1 FROM admin.audit_log WHERE id = $1', [resolved.reportId])).rowCount,
    );
    expect(count).toBe(1);
  });
});
