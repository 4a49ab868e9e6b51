import { beforeAll, describe, expect, it } from '@jest/globals';
import {
  type EventEnvelope,
  type EventPayload,
  FREE_PLAN_MONTHLY_APPLICATIONS,
  type Match,
  MatchStatusChangedV1,
  NotificationRequestedV1,
  type Project,
} from '@projectory/contracts';
import { useApiStack } from '@projectory/api-stack';
import {
  describeWithInfra,
  type EventRecorder,
  postProject,
  recordEvents,
  verifyEmployer,
  waitFor,
} from '@projectory/testing';
import fc from 'fast-check';
import pg from 'pg';
import { apply, type Person, setPlan, setStatus, signUp, withDatabase } from './matching-fixtures.js';

/**
 * API.md "Matching", (system): applications follow their project's life. The projects service is real
 * (an employer pauses and archives through the API); its events are held back at will by taking the
 * lock its outbox relay takes before publishing (`outbox:projects`), which is the window a student can
 * apply in before matching hears of a change, made as long as a test needs.
 */
await describeWithInfra(['postgres'], 'applications follow their project', () => {
  const stack = useApiStack(['matching', 'projects', 'identity']);
  let notifications: EventRecorder<EventEnvelope<EventPayload<typeof NotificationRequestedV1>>>;
  let statusChanges: EventRecorder<EventEnvelope<EventPayload<typeof MatchStatusChangedV1>>>;

  beforeAll(async () => {
    notifications = await recordEvents(stack.bus, [NotificationRequestedV1]);
    statusChanges = await recordEvents(stack.bus, [MatchStatusChangedV1]);
  });

  /** Holds the projects service's events in its outbox until the returned function is called. */
  async function holdProjectEvents(): Promise<() => Promise<void>> {
    const db = new pg.Client({ connectionString: stack.database.url });
    await db.connect();
    await db.query('BEGIN');
    await db.query(`SELECT pg_advisory_xact_lock(hashtext('outbox:projects'))`);
    return async () => {
      await db.query('COMMIT');
      await db.end();
    };
  }

  /** Once projects' outbox is empty, matching has handled every event (the in-process bus delivers before it acknowledges). */
  async function drained(): Promise<void> {
    await waitFor(() =>
      withDatabase(stack, async (db) => {
        const { rows } = await db.query<{ left: number }>(
          'SELECT count(*)::int AS left FROM projects.outbox WHERE sent_at IS NULL',
        );
        return rows[0]!.left === 0;
      }),
    );
  }

  /** A project posted through the API, once matching's read model has it. */
  async function postAndDrain(employer: Person): Promise<Project> {
    const project = await postProject(employer);
    await drained();
    return project;
  }

  async function setActive(employer: Person, projectId: string, isActive: boolean): Promise<void> {
    expect((await employer.client.mutate('PATCH', `/api/projects/${projectId}`, { isActive })).status).toBe(200);
  }

  async function archive(employer: Person, projectId: string): Promise<void> {
    expect((await employer.client.mutate('DELETE', `/api/projects/${projectId}`)).status).toBe(204);
  }

  async function matchOf(person: Person, matchId: string): Promise<Match> {
    const response = await person.client.get(`/api/matches/${matchId}`);
    expect(response.status).toBe(200);
    return response.json<Match>();
  }

  const closedNotice = (studentId: string) =>
    notifications.waitFor(
      (event) =>
        event.payload.userId === studentId &&
        event.payload.data.kind === 'application.status_changed' &&
        event.payload.data.title === 'Application closed',
      10_000,
    );

  async function people() {
    const [student, employer] = [await signUp(stack, 'student'), await signUp(stack, 'employer')];
    await waitFor(() =>
      withDatabase(
        stack,
        async (db) => (await db.query('SELECT 1 FROM projects.people WHERE id = $1', [employer.user.id])).rowCount,
      ),
    );
    // Some tests keep more active projects than an unverified employer may (API.md "Trust and safety").
    await verifyEmployer(stack, employer);
    return { student, employer };
  }

  it('closes an application that raced a deactivation, notifies the student with the reason, and nobody moves it again', async () => {
    const { student, employer } = await people();
    const project = await postAndDrain(employer);

    const release = await holdProjectEvents();
    await setActive(employer, project.id, false);
    // Matching has not heard of the pause yet: the application is taken.
    const raced = await apply(student, project.id);
    expect(raced.status).toBe('pending');
    await release();

    const closed = await waitFor(async () => {
      const match = await matchOf(student, raced.id);
      return match.status === 'closed' && match;
    });
    expect(closed.closedReason).toBe('project_unavailable');
    const notice = await closedNotice(student.user.id);
    expect(notice.payload.data.body).toContain('was not taking applications when you applied');
    await statusChanges.waitFor((event) => event.payload.matchId === raced.id && event.payload.to === 'closed');
    const listed = (await student.client.get('/api/matches/me')).json<{ items: Match[] }>().items;
    expect(listed.find((match) => match.id === raced.id)).toMatchObject({
      status: 'closed',
      closedReason: 'project_unavailable',
    });
    expect((await matchOf(employer, raced.id)).status).toBe('closed');

    for (const [person, status] of [
      [employer, 'accepted'],
      [student, 'withdrawn'],
      [employer, 'pending'],
    ] as const) {
      const response = await person.client.mutate('PATCH', `/api/matches/${raced.id}`, { status });
      expect(response.status).toBe(409);
      expect(response.json<{ code: string }>().code).toBe('INVALID_TRANSITION');
    }
  });

  it('lets nobody close an application by hand', async () => {
    const { student, employer } = await people();
    const project = await postAndDrain(employer);
    const match = await apply(student, project.id);
    for (const person of [employer, student]) {
      const response = await person.client.mutate('PATCH', `/api/matches/${match.id}`, { status: 'closed' });
      expect(response.status).toBe(409);
      expect(response.json<{ code: string }>().code).toBe('INVALID_TRANSITION');
    }
    expect((await matchOf(student, match.id)).status).toBe('pending');
  });

  it('keeps applications made before a pause, refuses new ones while paused and takes them again once reactivated', async () => {
    const { student, employer } = await people();
    const other = await signUp(stack, 'student');
    const project = await postAndDrain(employer);
    const before = await apply(student, project.id);

    await setActive(employer, project.id, false);
    await drained();
    expect((await matchOf(student, before.id)).status).toBe('pending');
    const refused = await other.client.post('/api/matches', { projectId: project.id });
    expect(refused.status).toBe(409);
    expect(refused.json<{ code: string }>().code).toBe('PROJECT_INACTIVE');

    await setActive(employer, project.id, true);
    await drained();
    expect((await apply(other, project.id)).status).toBe('pending');
    expect((await matchOf(student, before.id)).status).toBe('pending');
  });

  it('closes the pending and accepted applications of an archived project and tells each student why', async () => {
    const { employer } = await people();
    const [pending, accepted, rejected] = [
      await signUp(stack, 'student'),
      await signUp(stack, 'student'),
      await signUp(stack, 'student'),
    ];
    const project = await postAndDrain(employer);
    const matches = {
      pending: await apply(pending, project.id),
      accepted: await apply(accepted, project.id),
      rejected: await apply(rejected, project.id),
    };
    await setStatus(employer, matches.accepted.id, 'accepted');
    await setStatus(employer, matches.rejected.id, 'rejected');

    await archive(employer, project.id);
    await drained();

    for (const [student, match] of [
      [pending, matches.pending],
      [accepted, matches.accepted],
    ] as const) {
      expect(await matchOf(student, match.id)).toMatchObject({ status: 'closed', closedReason: 'project_archived' });
      expect((await closedNotice(student.user.id)).payload.data.body).toContain('was archived');
    }
    expect(await matchOf(rejected, matches.rejected.id)).toMatchObject({ status: 'rejected', closedReason: null });
    const forEmployer = (await employer.client.get(`/api/matches/me?projectId=${project.id}&status=closed`)).json<{
      items: Match[];
    }>().items;
    expect(forEmployer.map((match) => match.id).sort()).toEqual([matches.pending.id, matches.accepted.id].sort());
  });

  it('gives the monthly application back when a raced application closes', async () => {
    const { student, employer } = await people();
    const projects: Project[] = [];
    for (let i = 0; i <= FREE_PLAN_MONTHLY_APPLICATIONS; i += 1) projects.push(await postAndDrain(employer));
    for (const project of projects.slice(0, FREE_PLAN_MONTHLY_APPLICATIONS - 1)) await apply(student, project.id);

    const racedProject = projects[FREE_PLAN_MONTHLY_APPLICATIONS - 1]!;
    const last = projects[FREE_PLAN_MONTHLY_APPLICATIONS]!;
    const release = await holdProjectEvents();
    await setActive(employer, racedProject.id, false);
    const raced = await apply(student, racedProject.id);
    const refused = await student.client.post('/api/matches', { projectId: last.id });
    expect(refused.status).toBe(403);
    expect(refused.json<{ code: string }>().code).toBe('PLAN_LIMIT_REACHED');
    await release();

    await waitFor(async () => (await matchOf(student, raced.id)).status === 'closed');
    expect((await apply(student, last.id)).status).toBe('pending');
  });

  describe('over random interleavings of apply, deactivate, reactivate and archive', () => {
    type Step =
      | { kind: 'apply' }
      | { kind: 'deactivate' }
      | { kind: 'reactivate' }
      | { kind: 'archive' }
      | { kind: 'hold' }
      | { kind: 'release' };
    const step: fc.Arbitrary<Step> = fc.oneof(
      { arbitrary: fc.constant({ kind: 'apply' } as const), weight: 4 },
      { arbitrary: fc.constant({ kind: 'deactivate' } as const), weight: 2 },
      { arbitrary: fc.constant({ kind: 'reactivate' } as const), weight: 2 },
      { arbitrary: fc.constant({ kind: 'archive' } as const), weight: 1 },
      { arbitrary: fc.constant({ kind: 'hold' } as const), weight: 2 },
      { arbitrary: fc.constant({ kind: 'release' } as const), weight: 1 },
    );
    const MAX_APPLICATIONS = 6;
    type ProjectState = 'active' | 'inactive' | 'archived';

    it('leaves no application pending on a project that could not take it, and closes none that it could', async () => {
      const employer = (await people()).employer;
      const students: Person[] = [];
      for (let i = 0; i < MAX_APPLICATIONS; i += 1) {
        const student = await signUp(stack, 'student');
        await setPlan(stack, student.user, 'professional'); // the monthly limit is not the subject here
        students.push(student);
      }
      await waitFor(() =>
        withDatabase(stack, async (db) => {
          const { rows } = await db.query<{ n: number }>(
            `SELECT count(*)::int AS n FROM matching.people WHERE id = ANY($1) AND plan = 'professional'`,
            [students.map((student) => student.user.id)],
          );
          return rows[0]!.n === students.length;
        }),
      );

      await fc.assert(
        fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 14 }), async (steps) => {
          const project = await postAndDrain(employer);
          // What the projects service holds true when each application is made (requests run one after another).
          let state = 'active' as ProjectState;
          const made: { match: Match; state: ProjectState; student: Person }[] = [];
          let release: (() => Promise<void>) | undefined;
          try {
            for (const { kind } of steps) {
              if (kind === 'hold' && !release) release = await holdProjectEvents();
              if (kind === 'release' && release) {
                await release();
                release = undefined;
              }
              if (kind === 'apply' && made.length < MAX_APPLICATIONS) {
                const student = students[made.length]!;
                const response = await student.client.post('/api/matches', { projectId: project.id });
                if (response.status === 201) made.push({ match: response.json<Match>(), state, student });
                else {
                  // Refused only because matching had heard of a pause or the archive (maybe before the reactivation).
                  expect(response.status).toBe(409);
                  expect(response.json<{ code: string }>().code).toBe('PROJECT_INACTIVE');
                }
              }
              if (state === 'archived') continue;
              if (kind === 'deactivate' && state === 'active') {
                await setActive(employer, project.id, false);
                state = 'inactive';
              }
              if (kind === 'reactivate' && state === 'inactive') {
                await setActive(employer, project.id, true);
                state = 'active';
              }
              if (kind === 'archive') {
                await archive(employer, project.id);
                state = 'archived';
              }
            }
          } finally {
            await release?.();
          }
          await drained();

          for (const { match, state: when, student } of made) {
            const now = await matchOf(student, match.id);
            if (when !== 'active') expect(now).toMatchObject({ status: 'closed', closedReason: 'project_unavailable' });
            else if (state === 'archived')
              expect(now).toMatchObject({ status: 'closed', closedReason: 'project_archived' });
            else expect(now).toMatchObject({ status: 'pending', closedReason: null });
          }
        }),
        {
          numRuns: 40,
          // The interleavings that matter most, always tried first: an application in the window of a
          // pause, and one after a reactivation that matching hears of together with the pause.
          examples: [
            [[{ kind: 'hold' }, { kind: 'deactivate' }, { kind: 'apply' }, { kind: 'release' }]],
            [
              [
                { kind: 'hold' },
                { kind: 'deactivate' },
                { kind: 'reactivate' },
                { kind: 'apply' },
                { kind: 'release' },
              ],
            ],
            [[{ kind: 'hold' }, { kind: 'apply' }, { kind: 'archive' }, { kind: 'apply' }, { kind: 'release' }]],
          ],
        },
      );
    }, 300_000);
  });
});
