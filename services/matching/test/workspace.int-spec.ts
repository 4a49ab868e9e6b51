import { mkdtempSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from '@jest/globals';
import { useApiStack } from '@projectory/api-stack';
import {
  type Collection,
  type EventEnvelope,
  type Match,
  type Milestone,
  type MilestoneTemplate,
  type Submission,
  Topics,
  type Workspace,
  type WorkspaceSummary,
  workspacePath,
} from '@projectory/contracts';
import { describeWithInfra, recordEvents, waitFor } from '@projectory/testing';
import { applyWhenKnown, createProject, type Person, setStatus, signUp, withDatabase } from './matching-fixtures.js';

const DAY_MS = 86_400_000;
const utcDay = (offset = 0) => new Date(Date.now() + offset * DAY_MS).toISOString().slice(0, 10);

/** A file the server takes for a PDF (the type comes from the bytes). */
function pdfBytes(size: number): Buffer {
  const head = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n', 'latin1');
  const tail = Buffer.from('\n%%EOF\n', 'latin1');
  return Buffer.concat([head, Buffer.alloc(size - head.length - tail.length, '%'), tail]);
}

interface ErrorBody {
  code: string;
  issues?: { path: string; message: string }[];
}

/**
 * API.md "The collaboration workspace" (ADR 0019): the plan, submissions and decisions of an accepted
 * match, who may do what, the completion rule and the files, through the gateway.
 */
await describeWithInfra(['postgres'], 'the collaboration workspace', () => {
  const filesDir = mkdtempSync(join(tmpdir(), 'workspace-files-'));
  const stack = useApiStack(['identity', 'matching', 'portfolio'], () => ({
    ADMIN_EMAILS: 'workspace-admin@example.com',
    FILES_DIR: filesDir,
  }));
  let events: EventEnvelope[] = [];
  let admin: Person;

  beforeAll(async () => {
    events = (await recordEvents(stack.bus, [Topics.MatchingWorkspaces, Topics.MatchingMatches, Topics.Notifications]))
      .events;
    admin = await signUp(stack, 'employer', { email: 'workspace-admin@example.com' });
    expect(admin.user.role).toBe('admin');
  });
  afterAll(async () => {
    await rm(filesDir, { recursive: true, force: true });
  });

  /** A student's application to a new project of a new employer, accepted. */
  async function accepted(milestones: MilestoneTemplate[] = [], exchangeDescription: string | null = null) {
    const [student, employer] = [await signUp(stack, 'student'), await signUp(stack, 'employer')];
    const project = await createProject(stack, employer.user.id, { milestones, exchangeDescription });
    const match = await applyWhenKnown(student, project.projectId);
    await setStatus(employer, match.id, 'accepted');
    return { student, employer, project, matchId: match.id };
  }

  const workspace = async (who: Person, matchId: string): Promise<Workspace> => {
    const response = await who.client.get(`/api/workspaces/${matchId}`);
    expect([response.status, response.text]).toEqual([200, expect.any(String)]);
    return response.json<Workspace>();
  };

  async function plan(employer: Person, matchId: string, body: Record<string, unknown>): Promise<Milestone> {
    const response = await employer.client.post(`/api/workspaces/${matchId}/milestones`, body);
    expect([response.status, response.text]).toEqual([201, expect.any(String)]);
    return response.json<Milestone>();
  }

  async function submit(student: Person, matchId: string, milestoneId: string, body: Record<string, unknown>) {
    const response = await student.client.post(
      `/api/workspaces/${matchId}/milestones/${milestoneId}/submissions`,
      body,
    );
    expect([response.status, response.text]).toEqual([201, expect.any(String)]);
    return response.json<Submission>();
  }

  const decide = (employer: Person, matchId: string, submissionId: string, body: Record<string, unknown>) =>
    employer.client.mutate('PATCH', `/api/workspaces/${matchId}/submissions/${submissionId}`, body);

  const refused = async (response: { status: number; json<T>(): T }, status: number): Promise<ErrorBody> => {
    expect(response.status).toBe(status);
    return response.json<ErrorBody>();
  };

  /** A tus `attachment` upload, finished: its id (once matching holds its record). */
  async function upload(who: Person, bytes: Buffer, fileName = 'report.pdf'): Promise<string> {
    const headers = async (extra: Record<string, string>) => ({
      'tus-resumable': '1.0.0',
      'x-csrf-token': await who.client.csrfToken(),
      cookie: who.client.cookieHeader,
      ...extra,
    });
    const metadata = [
      `filename ${Buffer.from(fileName).toString('base64')}`,
      `filetype ${Buffer.from('application/pdf').toString('base64')}`,
      `purpose ${Buffer.from('attachment').toString('base64')}`,
    ].join(',');
    const created = await fetch(`${stack.base}/api/uploads`, {
      method: 'POST',
      headers: await headers({ 'upload-length': String(bytes.length), 'upload-metadata': metadata }),
    });
    expect(created.status).toBe(201);
    const location = created.headers.get('location')!;
    const patched = await fetch(`${stack.base}${location}`, {
      method: 'PATCH',
      headers: await headers({ 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' }),
      body: bytes,
    });
    expect(patched.status).toBe(204);
    return location.split('/').pop()!;
  }

  const count = (sql: string, params: unknown[]) =>
    withDatabase(stack, async (db) => Number((await db.query(sql, params)).rows[0]?.count ?? 0));

  it('starts from the project template, due dates counted from the acceptance day', async () => {
    const { student, employer, matchId } = await accepted(
      [
        { title: 'Kick-off', description: 'Meet the team', dayOffset: 0 },
        { title: 'Final report', description: '', dayOffset: 14 },
      ],
      'A written recommendation',
    );
    const seen = await workspace(student, matchId);
    expect(seen).toMatchObject({
      matchId,
      status: 'accepted',
      project: { exchangeType: 'mentorship', exchangeDescription: 'A written recommendation' },
      student: { id: student.user.id, firstName: student.user.firstName },
      employer: { id: employer.user.id },
      sessions: [],
      progress: { approved: 0, total: 2, percent: 0 },
    });
    expect(seen.milestones.map((m) => [m.title, m.description, m.dueDate, m.position, m.status, m.overdue])).toEqual([
      ['Kick-off', 'Meet the team', utcDay(), 0, 'open', false],
      ['Final report', '', utcDay(14), 1, 'open', false],
    ]);
    await waitFor(
      () => events.filter((e) => e.type === 'matching.milestone.planned' && e.key === matchId).length === 2,
    );
    const planned = events.filter((e) => e.type === 'matching.milestone.planned' && e.key === matchId);
    expect(planned.map((e) => (e.payload as { fromTemplate: boolean }).fromTemplate)).toEqual([true, true]);
    // The acceptance notification opens the workspace.
    await waitFor(() =>
      events.some(
        (e) =>
          e.type === 'platform.notification.requested' &&
          (e.payload as { userId: string }).userId === student.user.id &&
          (e.payload as { data: { link?: string } }).data.link === workspacePath(matchId),
      ),
    );
    // Without a template, the workspace starts empty.
    const bare = await accepted();
    expect((await workspace(bare.employer, bare.matchId)).milestones).toEqual([]);
  });

  it('lets the participants and admins read, and only the employer plan (stranger 404, wrong role 403)', async () => {
    const { student, employer, matchId } = await accepted();
    const [otherStudent, otherEmployer] = [await signUp(stack, 'student'), await signUp(stack, 'employer')];
    expect((await workspace(admin, matchId)).matchId).toBe(matchId);
    for (const stranger of [otherStudent, otherEmployer]) {
      const body = await refused(await stranger.client.get(`/api/workspaces/${matchId}`), 404);
      expect(body.code).toBe('WORKSPACE_NOT_FOUND');
    }
    expect((await refused(await student.client.get('/api/workspaces/not-an-id'), 404)).code).toBe(
      'WORKSPACE_NOT_FOUND',
    );
    expect((await student.client.post(`/api/workspaces/${matchId}/milestones`, { title: 'Mine' })).status).toBe(403);
    expect((await admin.client.post(`/api/workspaces/${matchId}/milestones`, { title: 'Mine' })).status).toBe(403);
    const foreign = await otherEmployer.client.post(`/api/workspaces/${matchId}/milestones`, { title: 'Theirs' });
    expect((await refused(foreign, 404)).code).toBe('WORKSPACE_NOT_FOUND');
    const milestone = await plan(employer, matchId, { title: 'Prototype' });
    const bodyOf = { note: 'Done' };
    const path = `/api/workspaces/${matchId}/milestones/${milestone.id}/submissions`;
    expect((await employer.client.post(path, bodyOf)).status).toBe(403);
    expect((await refused(await otherStudent.client.post(path, bodyOf), 404)).code).toBe('WORKSPACE_NOT_FOUND');
    const unknown = await employer.client.mutate('PATCH', `/api/workspaces/${matchId}/milestones/nope`, { title: 'x' });
    expect((await refused(unknown, 404)).code).toBe('MILESTONE_NOT_FOUND');
    // A pending application has no workspace.
    const [student2, employer2] = [await signUp(stack, 'student'), await signUp(stack, 'employer')];
    const project = await createProject(stack, employer2.user.id);
    const pending: Match = await applyWhenKnown(student2, project.projectId);
    expect((await student2.client.get(`/api/workspaces/${pending.id}`)).status).toBe(404);
    const early = await employer2.client.post(`/api/workspaces/${pending.id}/milestones`, { title: 'Too early' });
    expect((await refused(early, 404)).code).toBe('WORKSPACE_NOT_FOUND');
  });

  it('runs the milestone through submissions and decisions; only the latest submission is decided', async () => {
    const { student, employer, matchId } = await accepted();
    const milestone = await plan(employer, matchId, {
      title: 'Prototype',
      description: 'A clickable one',
      dueDate: utcDay(3),
    });
    expect(milestone).toMatchObject({
      position: 0,
      status: 'open',
      dueDate: utcDay(3),
      submissions: [],
      approvedAt: null,
    });

    const first = await submit(student, matchId, milestone.id, { note: 'First try', links: ['https://example.com/a'] });
    expect(first).toMatchObject({
      note: 'First try',
      links: ['https://example.com/a'],
      attachment: null,
      decision: null,
    });
    expect((await workspace(employer, matchId)).milestones[0]!.status).toBe('submitted');

    expect((await decide(student, matchId, first.id, { decision: 'approved' })).status).toBe(403);
    const noFeedback = await refused(await decide(employer, matchId, first.id, { decision: 'changes_requested' }), 400);
    expect(noFeedback.issues?.map((issue) => issue.path)).toEqual(['feedback']);
    const changes = await decide(employer, matchId, first.id, {
      decision: 'changes_requested',
      feedback: 'Add a login',
    });
    expect(changes.status).toBe(200);
    expect(changes.json<Submission>()).toMatchObject({ decision: 'changes_requested', feedback: 'Add a login' });
    expect((await workspace(student, matchId)).milestones[0]!.status).toBe('changes_requested');
    const again = await decide(employer, matchId, first.id, { decision: 'approved' });
    expect((await refused(again, 409)).code).toBe('SUBMISSION_DECIDED');

    const second = await submit(student, matchId, milestone.id, { note: 'With a login' });
    const stale = await decide(employer, matchId, first.id, { decision: 'approved' });
    expect((await refused(stale, 409)).code).toBe('SUBMISSION_SUPERSEDED');
    expect((await decide(employer, matchId, second.id, { decision: 'approved' })).status).toBe(200);

    const done = (await workspace(student, matchId)).milestones[0]!;
    expect(done).toMatchObject({ status: 'approved', approvedAt: expect.any(String), overdue: false });
    expect(done.submissions.map((s) => [s.id, s.decision])).toEqual([
      [second.id, 'approved'],
      [first.id, 'changes_requested'],
    ]);
    const patch = await employer.client.mutate('PATCH', `/api/workspaces/${matchId}/milestones/${milestone.id}`, {
      title: 'Renamed',
    });
    expect((await refused(patch, 409)).code).toBe('MILESTONE_APPROVED');
    const remove = await employer.client.mutate('DELETE', `/api/workspaces/${matchId}/milestones/${milestone.id}`);
    expect((await refused(remove, 409)).code).toBe('MILESTONE_APPROVED');
    const late = await student.client.post(`/api/workspaces/${matchId}/milestones/${milestone.id}/submissions`, {
      note: 'More',
    });
    expect((await refused(late, 409)).code).toBe('MILESTONE_APPROVED');

    // Notifications: the employer hears of each submission, the student of each decision; both of every change.
    const notified = (userId: string, kind: string) =>
      events.filter(
        (e) =>
          e.type === 'platform.notification.requested' &&
          (e.payload as { userId: string }).userId === userId &&
          (e.payload as { data: { kind?: string } }).data.kind === kind,
      ).length;
    await waitFor(() => notified(employer.user.id, 'submission.received') === 2);
    await waitFor(() => notified(student.user.id, 'submission.decided') === 2);
    await waitFor(() =>
      events.some(
        (e) =>
          e.type === 'platform.notification.requested' &&
          (e.payload as { event: string }).event === 'workspace:updated' &&
          (e.payload as { data: { matchId: string } }).data.matchId === matchId,
      ),
    );
    expect(events.filter((e) => e.type === 'matching.submission.made' && e.key === matchId)).toHaveLength(2);
  });

  it('keeps positions 0..n-1 through inserts, moves and deletes; raises revision on change', async () => {
    const { employer, matchId } = await accepted();
    const a = await plan(employer, matchId, { title: 'A' });
    const b = await plan(employer, matchId, { title: 'B' });
    const c = await plan(employer, matchId, { title: 'C', position: 10 });
    expect(c.position).toBe(2);
    const d = await plan(employer, matchId, { title: 'D', position: 0 });
    const order = async () => (await workspace(employer, matchId)).milestones.map((m) => [m.title, m.position]);
    expect(await order()).toEqual([
      ['D', 0],
      ['A', 1],
      ['B', 2],
      ['C', 3],
    ]);
    const moved = await employer.client.mutate('PATCH', `/api/workspaces/${matchId}/milestones/${c.id}`, {
      position: 1,
      dueDate: utcDay(5),
    });
    expect(moved.json<Milestone>()).toMatchObject({ position: 1, dueDate: utcDay(5), title: 'C' });
    expect(await order()).toEqual([
      ['D', 0],
      ['C', 1],
      ['A', 2],
      ['B', 3],
    ]);
    await employer.client.mutate('PATCH', `/api/workspaces/${matchId}/milestones/${d.id}`, { position: 3 });
    expect(await order()).toEqual([
      ['C', 0],
      ['A', 1],
      ['B', 2],
      ['D', 3],
    ]);
    expect((await employer.client.mutate('DELETE', `/api/workspaces/${matchId}/milestones/${a.id}`)).status).toBe(204);
    expect(await order()).toEqual([
      ['C', 0],
      ['B', 1],
      ['D', 2],
    ]);
    const cleared = await employer.client.mutate('PATCH', `/api/workspaces/${matchId}/milestones/${c.id}`, {
      dueDate: null,
    });
    expect(cleared.json<Milestone>().dueDate).toBeNull();
    const revisions = await withDatabase(
      stack,
      async (db) =>
        (await db.query('SELECT id, revision FROM matching.milestones WHERE id = ANY($1)', [[b.id, c.id]])).rows,
    );
    expect(
      Object.fromEntries(revisions.map((row: { id: string; revision: number }) => [row.id, row.revision])),
    ).toEqual({
      [b.id]: 0,
      [c.id]: 2,
    });
  });

  it('caps the plan at 30 milestones', async () => {
    const { employer, matchId } = await accepted();
    for (let i = 0; i < 30; i += 1) await plan(employer, matchId, { title: `Step ${i + 1}` });
    const more = await employer.client.post(`/api/workspaces/${matchId}/milestones`, { title: 'One more' });
    expect((await refused(more, 409)).code).toBe('TOO_MANY_MILESTONES');
    expect(await count('SELECT count(*) FROM matching.milestones WHERE match_id = $1', [matchId])).toBe(30);
  });

  it('refuses bad input with 400 naming the field', async () => {
    const { student, employer, matchId } = await accepted();
    const milestonePath = `/api/workspaces/${matchId}/milestones`;
    const paths = async (response: { status: number; json<T>(): T }) =>
      (await refused(response, 400)).issues?.map((issue) => issue.path);
    expect(await paths(await employer.client.post(milestonePath, { title: '' }))).toEqual(['title']);
    expect(await paths(await employer.client.post(milestonePath, { title: 'x'.repeat(101) }))).toEqual(['title']);
    expect(await paths(await employer.client.post(milestonePath, { title: 'Old', dueDate: '2000-01-01' }))).toEqual([
      'dueDate',
    ]);
    expect(await paths(await employer.client.post(milestonePath, { title: 'Bad', dueDate: '2031-02-30' }))).toEqual([
      'dueDate',
    ]);
    expect(await paths(await employer.client.post(milestonePath, { title: 'Far', position: 30 }))).toEqual([
      'position',
    ]);
    for (const dueDate of ['', '2031-13-45', 'tomorrow']) {
      const spoilt = await paths(await employer.client.post(milestonePath, { title: 'When', dueDate }));
      expect(new Set(spoilt)).toEqual(new Set(['dueDate']));
    }
    const milestone = await plan(employer, matchId, { title: 'Report' });
    const submissions = `${milestonePath}/${milestone.id}/submissions`;
    expect(await paths(await student.client.post(submissions, { note: 'x', links: ['ftp://example.com'] }))).toEqual([
      'links.0',
    ]);
    expect(await paths(await student.client.post(submissions, { note: '' }))).toEqual(['note']);
    expect(await paths(await employer.client.mutate('PATCH', `${milestonePath}/${milestone.id}`, {}))).toEqual(['']);
    const foreign = await upload(employer, pdfBytes(2048));
    await waitFor(
      async () =>
        (await count('SELECT count(*) FROM matching.workspace_uploads WHERE upload_id = $1', [foreign])) === 1,
    );
    const taken = await refused(await student.client.post(submissions, { note: 'Mine', uploadId: foreign }), 400);
    expect(taken.issues).toEqual([{ path: 'uploadId', message: 'Upload not found or not finished' }]);
    expect(await count('SELECT count(*) FROM matching.submissions WHERE match_id = $1', [matchId])).toBe(0);
  });

  it('serves a submitted file to the participants and admins, not to a stranger; portfolio marks it taken', async () => {
    const { student, employer, matchId } = await accepted();
    const milestone = await plan(employer, matchId, { title: 'Report' });
    const bytes = pdfBytes(4096);
    const uploadId = await upload(student, bytes, 'Final report.pdf');
    const submission = await submit(student, matchId, milestone.id, { note: 'Attached', uploadId });
    expect(submission.attachment).toMatchObject({
      id: uploadId,
      fileName: 'Final report.pdf',
      fileType: 'application/pdf',
      fileSize: 4096,
      sha256: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
    const filePath = `/api/workspaces/${matchId}/submissions/${submission.id}/file`;
    for (const who of [employer, student, admin]) {
      const response = await fetch(`${stack.base}${filePath}`, { headers: { cookie: who.client.cookieHeader } });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('application/pdf');
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('content-security-policy')).toBe('sandbox');
      expect(Buffer.from(await response.arrayBuffer()).equals(bytes)).toBe(true);
    }
    const stranger = await signUp(stack, 'employer');
    expect((await stranger.client.get(filePath)).status).toBe(404);
    const again = await student.client.post(`/api/workspaces/${matchId}/milestones/${milestone.id}/submissions`, {
      note: 'Same file',
      uploadId,
    });
    expect((await refused(again, 400)).issues?.map((issue) => issue.path)).toEqual(['uploadId']);
    await waitFor(
      async () =>
        (await count('SELECT count(*) FROM portfolio.uploads WHERE id = $1 AND taken_at IS NOT NULL', [uploadId])) ===
        1,
    );
  });

  it('completes only when every milestone is approved; then the workspace is read-only', async () => {
    const { student, employer, matchId } = await accepted([{ title: 'Only step', description: '', dayOffset: 7 }]);
    const blocked = await employer.client.mutate('PATCH', `/api/matches/${matchId}`, { status: 'completed' });
    expect((await refused(blocked, 409)).code).toBe('MILESTONES_OPEN');
    const fromStudent = await student.client.mutate('PATCH', `/api/matches/${matchId}`, {
      status: 'withdrawn',
      recommendation: 'I am great',
    });
    expect((await refused(fromStudent, 400)).issues?.map((issue) => issue.path)).toEqual(['recommendation']);
    const [step] = (await workspace(student, matchId)).milestones;
    const submission = await submit(student, matchId, step!.id, { note: 'Done' });
    expect((await decide(employer, matchId, submission.id, { decision: 'approved' })).status).toBe(200);
    const done = await employer.client.mutate('PATCH', `/api/matches/${matchId}`, {
      status: 'completed',
      recommendation: '  Reliable and curious.  ',
    });
    expect(done.status).toBe(200);
    const stored = await withDatabase(
      stack,
      async (db) => (await db.query('SELECT recommendation FROM matching.matches WHERE id = $1', [matchId])).rows[0],
    );
    expect(stored).toEqual({ recommendation: 'Reliable and curious.' });
    // What a credential will say of it (issue 37): the approved milestones and the recommendation.
    const completed = await waitFor(() =>
      events.find(
        (event) =>
          event.type === 'matching.match.completed' && (event.payload as { matchId: string }).matchId === matchId,
      ),
    );
    expect(completed.payload).toMatchObject({
      matchId,
      milestones: [{ id: step!.id, title: 'Only step', approvedAt: expect.any(String) }],
      recommendation: 'Reliable and curious.',
    });

    const closed = await employer.client.post(`/api/workspaces/${matchId}/milestones`, { title: 'Late' });
    expect((await refused(closed, 409)).code).toBe('WORKSPACE_CLOSED');
    const closedSubmit = await student.client.post(`/api/workspaces/${matchId}/milestones/${step!.id}/submissions`, {
      note: 'Late',
    });
    expect((await refused(closedSubmit, 409)).code).toBe('WORKSPACE_CLOSED');
    const after = await workspace(student, matchId);
    expect(after).toMatchObject({ status: 'completed', progress: { approved: 1, total: 1, percent: 100 } });
    expect(after.milestones).toHaveLength(1);
  });

  it('lists the caller’s workspaces next due first, accepted before completed, paged by cursor', async () => {
    const employer = await signUp(stack, 'employer');
    const matches: string[] = [];
    for (const offset of [20, 5, null]) {
      const student = await signUp(stack, 'student');
      const project = await createProject(stack, employer.user.id, {
        milestones: offset === null ? [] : [{ title: `Due in ${offset}`, description: '', dayOffset: offset }],
      });
      const match = await applyWhenKnown(student, project.projectId);
      await setStatus(employer, match.id, 'accepted');
      matches.push(match.id);
    }
    // The one without milestones completes at once.
    await setStatus(employer, matches[2]!, 'completed');
    const seen: WorkspaceSummary[] = [];
    let cursor: string | null = null;
    do {
      const query: string = cursor ? `?limit=1&cursor=${cursor}` : '?limit=1';
      const response = await employer.client.get(`/api/workspaces/me${query}`);
      expect(response.status).toBe(200);
      const page = response.json<Collection<WorkspaceSummary>>();
      seen.push(...page.items);
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen.map((item) => item.matchId)).toEqual([matches[1], matches[0], matches[2]]);
    expect(seen[0]).toMatchObject({
      status: 'accepted',
      progress: { approved: 0, total: 1, percent: 0 },
      nextDue: { title: 'Due in 5', dueDate: utcDay(5) },
      overdue: 0,
      project: { exchangeType: 'mentorship' },
    });
    expect(seen[2]).toMatchObject({ status: 'completed', nextDue: null });
    expect((await employer.client.get('/api/workspaces/me?cursor=nonsense')).status).toBe(400);
  });
});
