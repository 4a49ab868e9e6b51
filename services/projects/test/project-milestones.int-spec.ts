import { beforeAll, describe, expect, it } from '@jest/globals';
import { MILESTONES_MAX, type Project, ProjectCreatedV1, ProjectUpdatedV1 } from '@projectory/contracts';
import { useApiStack } from '@projectory/api-stack';
import { describeWithInfra, type EventRecorder, recordEvents, verifyEmployer, waitFor } from '@projectory/testing';
import { createProject, patchProject, type Person, projectBody, signUp, walk } from './projects-fixtures.js';

/** API.md "A plan from the project": the milestone template a workspace starts from. */
await describeWithInfra(['postgres'], 'a project’s milestone template', () => {
  const stack = useApiStack(['projects', 'identity']);
  let recorder: EventRecorder;
  let employer: Person;
  let student: Person;

  const plan = [
    { title: 'Kick-off', description: 'Agree on the scope.', dayOffset: 0 },
    { title: 'First draft', dayOffset: 14 },
    { title: '  Final hand-over  ', description: '   ', dayOffset: 365 },
  ];
  /** As stored and answered: trimmed, a missing or blank description is ''. */
  const stored = [
    { title: 'Kick-off', description: 'Agree on the scope.', dayOffset: 0 },
    { title: 'First draft', description: '', dayOffset: 14 },
    { title: 'Final hand-over', description: '', dayOffset: 365 },
  ];

  /** The `count`th event of that type about the project. */
  const eventOf = (projectId: string, type: string, count = 1) =>
    waitFor(() => recorder.events.filter((event) => event.key === projectId && event.type === type)[count - 1]);

  beforeAll(async () => {
    recorder = await recordEvents(stack.bus, [ProjectCreatedV1, ProjectUpdatedV1]);
    employer = await signUp(stack, 'employer');
    student = await signUp(stack, 'student');
    // More projects than an unverified employer may keep active (API.md "Trust and safety").
    await verifyEmployer(stack, employer);
  });

  it('is stored on create, answered on every read and carried by ProjectCreated', async () => {
    const project = await createProject(employer, { milestones: plan, exchangeDescription: 'A reference letter' });
    expect(project.milestones).toEqual(stored);

    expect((await student.client.get(`/api/projects/${project.id}`)).json<Project>().milestones).toEqual(stored);
    const mine = await walk(employer.client, '/api/projects/me?limit=100');
    expect(mine.items.find((item) => item.id === project.id)?.milestones).toEqual(stored);
    const listed = await walk(student.client, '/api/projects?limit=100');
    expect(listed.items.find((item) => item.id === project.id)?.milestones).toEqual(stored);

    const created = await eventOf(project.id, ProjectCreatedV1.type);
    expect(created.payload).toMatchObject({ exchangeDescription: 'A reference letter', milestones: stored });
  });

  it('is empty when none is given', async () => {
    const project = await createProject(employer);
    expect(project.milestones).toEqual([]);
    expect((await eventOf(project.id, ProjectCreatedV1.type)).payload).toMatchObject({
      exchangeDescription: null,
      milestones: [],
    });
  });

  it('is replaced by PATCH (ProjectUpdated carries it); the same template again announces nothing', async () => {
    const project = await createProject(employer, { milestones: plan });
    await eventOf(project.id, ProjectCreatedV1.type);

    const reordered = [stored[2]!, stored[0]!];
    const changed = await patchProject(employer, project.id, { milestones: reordered });
    expect(changed).toEqual({ ...project, milestones: reordered });
    expect((await eventOf(project.id, ProjectUpdatedV1.type)).payload).toMatchObject({ milestones: reordered });

    // Other fields leave it alone; the same template (keys in any order) is no change.
    const sameAgain = reordered.map(({ dayOffset, description, title }) => ({ dayOffset, description, title }));
    expect(await patchProject(employer, project.id, { milestones: sameAgain })).toEqual(changed);
    expect((await patchProject(employer, project.id, { title: 'Renamed' })).milestones).toEqual(reordered);
    expect((await eventOf(project.id, ProjectUpdatedV1.type, 2)).payload).toMatchObject({
      title: 'Renamed',
      milestones: reordered,
    });

    const cleared = await patchProject(employer, project.id, { milestones: [] });
    expect(cleared.milestones).toEqual([]);
    expect((await employer.client.get(`/api/projects/${project.id}`)).json<Project>().milestones).toEqual([]);
    expect((await eventOf(project.id, ProjectUpdatedV1.type, 3)).payload).toMatchObject({ milestones: [] });
    expect(recorder.events.filter((event) => event.key === project.id).map((event) => event.type)).toEqual([
      ProjectCreatedV1.type,
      ProjectUpdatedV1.type,
      ProjectUpdatedV1.type,
      ProjectUpdatedV1.type,
    ]);
  });

  describe('bad templates: 400 naming the field, on create and on PATCH', () => {
    const many = (count: number) => Array.from({ length: count }, (_, i) => ({ title: `Step ${i + 1}`, dayOffset: i }));
    const cases: [string, unknown, { path: string; message: string }][] = [
      [
        'too many',
        many(MILESTONES_MAX + 1),
        { path: 'milestones', message: `Plan at most ${MILESTONES_MAX} milestones` },
      ],
      [
        'a day offset past a year',
        [...many(2), { title: 'Late', dayOffset: 366 }],
        { path: 'milestones.2.dayOffset', message: 'dayOffset must be at most 365' },
      ],
      [
        'a negative day offset',
        [{ title: 'Early', dayOffset: -1 }],
        { path: 'milestones.0.dayOffset', message: 'dayOffset must be 0 or more' },
      ],
      [
        'a fractional day offset',
        [{ title: 'Half', dayOffset: 1.5 }],
        { path: 'milestones.0.dayOffset', message: 'dayOffset must be a whole number of days' },
      ],
      [
        'an empty title',
        [...many(2), { title: '   ', dayOffset: 3 }],
        { path: 'milestones.2.title', message: 'Milestone title is required' },
      ],
      [
        'a title too long',
        [{ title: 't'.repeat(101), dayOffset: 3 }],
        { path: 'milestones.0.title', message: 'Milestone title must be at most 100 characters' },
      ],
      [
        'a description too long',
        [{ title: 'Long', description: 'd'.repeat(2001), dayOffset: 3 }],
        { path: 'milestones.0.description', message: 'Milestone description must be at most 2000 characters' },
      ],
      [
        'an unknown field',
        [{ title: 'Due', dayOffset: 3, dueDate: '2030-01-01' }],
        { path: 'milestones.0.dueDate', message: expect.any(String) as unknown as string },
      ],
      ['not a list', 'soon', { path: 'milestones', message: expect.any(String) as unknown as string }],
    ];

    it.each(cases)('%s', async (_, milestones, issue) => {
      const created = await employer.client.post('/api/projects', projectBody({ milestones }));
      expect(created.status).toBe(400);
      expect(created.json()).toMatchObject({ code: 'VALIDATION_FAILED', issues: [issue] });

      const project = await createProject(employer, { milestones: stored });
      const patched = await employer.client.mutate('PATCH', `/api/projects/${project.id}`, { milestones });
      expect(patched.status).toBe(400);
      expect(patched.json()).toMatchObject({ code: 'VALIDATION_FAILED', issues: [issue] });
      expect((await employer.client.get(`/api/projects/${project.id}`)).json<Project>().milestones).toEqual(stored);
    });

    it('takes exactly the maximum', async () => {
      const project = await createProject(employer, { milestones: many(MILESTONES_MAX) });
      expect(project.milestones).toHaveLength(MILESTONES_MAX);
    });
  });
});
