import { beforeAll, expect, it } from '@jest/globals';
import {
  type Collection,
  type EventEnvelope,
  type Project,
  ProjectCreatedV1,
  UNVERIFIED_ACTIVE_PROJECTS_MAX,
} from '@projectory/contracts';
import { useApiStack } from '@projectory/api-stack';
import { describeWithInfra, recordEvents, verifyEmployer, waitFor, withDatabase } from '@projectory/testing';
import { createProject, patchProject, type Person, projectBody, signUp } from './projects-fixtures.js';

/**
 * API.md "Trust and safety", projects' part through the gateway: the employer's verification level on
 * every project, the active-project limit of unverified employers (counted under a lock), and the
 * auto-flags of a project's texts.
 */
await describeWithInfra(['postgres'], 'projects: trust and safety', () => {
  const stack = useApiStack(['projects', 'identity']);
  let created: EventEnvelope[] = [];

  beforeAll(async () => {
    created = (await recordEvents(stack.bus, [ProjectCreatedV1])).events;
  });

  const mine = async (employer: Person) =>
    (await employer.client.get('/api/projects/me?limit=100')).json<Collection<Project>>().items;

  it('lets an unverified employer keep two active projects, refusing a third (created or reactivated) with 403', async () => {
    expect(UNVERIFIED_ACTIVE_PROJECTS_MAX).toBe(2);
    const employer = await signUp(stack, 'employer');
    const [first, second] = [await createProject(employer), await createProject(employer)];
    expect(first.employer.verification).toBe('none');

    const third = await employer.client.post('/api/projects', projectBody({ title: 'One too many' }));
    expect(third.status).toBe(403);
    expect(third.json()).toMatchObject({
      code: 'VERIFICATION_REQUIRED',
      message: expect.stringContaining('Verify your company'),
    });
    expect((await mine(employer)).map((project) => project.id).sort()).toEqual([first.id, second.id].sort());

    // An inactive project does not count: deactivate one, post another, then the old one cannot come back.
    await patchProject(employer, first.id, { isActive: false });
    const replacement = await createProject(employer, { title: 'Replacement' });
    expect(replacement.isActive).toBe(true);
    const reactivated = await employer.client.mutate('PATCH', `/api/projects/${first.id}`, {
      isActive: true,
      title: 'Back again',
    });
    expect([reactivated.status, reactivated.json<{ code: string }>().code]).toEqual([403, 'VERIFICATION_REQUIRED']);
    const stored = (await mine(employer)).find((project) => project.id === first.id)!;
    expect(stored).toMatchObject({ isActive: false, title: first.title });
    // Editing an inactive project is not activating it.
    expect((await patchProject(employer, first.id, { title: 'Still parked' })).isActive).toBe(false);
    // Only the accepted creates were announced.
    await waitFor(() => created.some((event) => event.key === replacement.id));
    const announced = created
      .filter((event) => (event.payload as { employerId: string }).employerId === employer.user.id)
      .map((event) => event.key);
    expect(announced.sort()).toEqual([first.id, second.id, replacement.id].sort());
  });

  it('counts under a lock: of concurrent creates only those within the limit pass', async () => {
    const employer = await signUp(stack, 'employer');
    await createProject(employer);
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) => employer.client.post('/api/projects', projectBody({ title: `Race ${i}` }))),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 403, 403, 403, 403, 403]);
    expect((await mine(employer)).filter((project) => project.isActive)).toHaveLength(2);
  });

  it('lifts the limit once the employer is verified, and shows the level on every project answer', async () => {
    const employer = await signUp(stack, 'employer');
    const student = await signUp(stack, 'student');
    const first = await createProject(employer);
    await createProject(employer);
    await verifyEmployer(stack, employer);
    const third = await createProject(employer, { title: 'Now verified' });
    expect(third.employer.verification).toBe('registered');
    expect((await student.client.get(`/api/projects/${first.id}`)).json<Project>().employer.verification).toBe(
      'registered',
    );
    const listed = (await student.client.get('/api/projects?limit=100')).json<Collection<Project>>().items;
    expect(listed.filter((project) => project.employer.id === employer.user.id)).toHaveLength(3);
    expect(
      listed.filter((project) => project.employer.id === employer.user.id).map((p) => p.employer.verification),
    ).toEqual(['registered', 'registered', 'registered']);
    expect((await mine(employer)).every((project) => project.employer.verification === 'registered')).toBe(true);
  });

  it('flags a project whose texts ask for money or hide links, on create and on every change', async () => {
    const employer = await signUp(stack, 'employer');
    const clean = await createProject(employer, { title: 'Field study app' });
    expect(clean.flags).toEqual([]);
    const scam = await createProject(employer, {
      title: 'Data entry from home',
      description: 'Pay a registration fee of $50 and send your bank account details to start.',
      exchangeDescription: 'Details at bit.ly/abc123',
    });
    expect(scam.flags).toEqual(['fee', 'bank_details', 'link_shortener']);
    const stored = await withDatabase(
      stack,
      async (db) =>
        (await db.query<{ flags: string[] }>('SELECT flags FROM projects.projects WHERE id = $1', [scam.id])).rows[0]!,
    );
    expect(stored.flags).toEqual(['fee', 'bank_details', 'link_shortener']);

    const cleaned = await patchProject(employer, scam.id, {
      description: 'Build a data entry tool with us.',
      exchangeDescription: null,
    });
    expect(cleaned.flags).toEqual([]);
    const giftCards = await patchProject(employer, clean.id, { description: 'You will be paid in gift cards.' });
    expect(giftCards.flags).toEqual(['gift_cards']);
    await waitFor(async () =>
      (await employer.client.get(`/api/projects/${clean.id}`)).json<Project>().flags.includes('gift_cards'),
    );
  });
});
