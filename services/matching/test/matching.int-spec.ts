import { beforeAll, describe, expect, it } from '@jest/globals';
import {
  type EventEnvelope,
  type Match,
  type MatchStatus,
  matchStatuses,
  matchTransitions,
  ProjectCreatedV1,
  type ProjectSnapshot,
  Topics,
  UserUpdatedV1,
  type UserReviews,
} from '@projectory/contracts';
import { useApiStack } from '@projectory/api-stack';
import { describeWithInfra, recordEvents, waitFor } from '@projectory/testing';
import { matchNotification } from '../src/domain/notifications.js';
import { explainPair } from '../src/scoring/index.js';
import {
  apply,
  archiveProject,
  completeAssessment,
  createProject,
  type Person,
  projectProfile,
  publish,
  setPlan,
  setSkills,
  setStatus,
  signUp,
  studentProfile,
  updateProject,
  VECTOR,
  withDatabase,
} from './matching-fixtures.js';

/** The notification type the other side is told of a status with (API.md's types, domain/notifications.ts). */
const notificationKind = (status: MatchStatus): string => matchNotification(status, '', { id: '', title: '' }).kind;

await describeWithInfra(['postgres'], 'matching through the gateway', () => {
  const stack = useApiStack(['matching', 'identity'], {
    ADMIN_EMAILS: 'matching-admin@example.com',
  });
  let events: EventEnvelope[] = [];
  let admin: Person;

  beforeAll(async () => {
    events = (await recordEvents(stack.bus, [Topics.MatchingMatches, Topics.Notifications])).events;
    admin = await signUp(stack, 'employer', { email: 'matching-admin@example.com' });
    expect(admin.user.role).toBe('admin');
  });

  /** A student, an employer and one active project of the employer. */
  async function scene() {
    const [student, employer] = [await signUp(stack, 'student'), await signUp(stack, 'employer')];
    const project = await createProject(stack, employer.user.id);
    return { student, employer, project };
  }

  /** A match moved to `status` through allowed transitions. */
  async function matchIn(status: MatchStatus, student: Person, employer: Person): Promise<Match> {
    const project = await createProject(stack, employer.user.id);
    const match = await apply(student, project.projectId);
    if (status === 'accepted' || status === 'completed') await setStatus(employer, match.id, 'accepted');
    if (status === 'completed') await setStatus(employer, match.id, 'completed');
    if (status === 'rejected') await setStatus(employer, match.id, 'rejected');
    if (status === 'withdrawn') await setStatus(student, match.id, 'withdrawn');
    if (status === 'closed') {
      // Only the system closes: when the project is archived.
      await archiveProject(stack, project);
      await waitFor(
        async () => (await student.client.get(`/api/matches/${match.id}`)).json<Match>().status === 'closed',
      );
    }
    return match;
  }

  describe('POST /api/matches', () => {
    it('creates a pending application with the scores the server computed, ignoring the rest of the body', async () => {
      const { student, employer, project } = await scene();
      await completeAssessment(stack, student.user, ['integrity', 'growth', 'purpose']);
      await setSkills(stack, student.user.id, [
        ['TypeScript', 'Advanced'],
        ['React', 'Intermediate'],
      ]);
      const response = await student.client.post('/api/matches', {
        projectId: project.projectId,
        matchScore: 85,
        skillsMatch: 99,
        cultureMatch: 99,
        status: 'accepted',
        studentId: employer.user.id,
      });
      expect(response.status).toBe(201);
      const match = response.json<Match>();
      const expected = explainPair(
        studentProfile(student.user.id, ['integrity', 'growth', 'purpose'], VECTOR, [
          ['TypeScript', 'Advanced'],
          ['React', 'Intermediate'],
        ]),
        projectProfile(project),
      );
      expect(match).toMatchObject({
        projectId: project.projectId,
        studentId: student.user.id,
        status: 'pending',
        matchScore: expected.overall,
        skillsMatch: expected.skills,
        cultureMatch: expected.culture,
        reasons: expected.reasons,
        project: {
          id: project.projectId,
          title: project.title,
          description: project.description,
          exchangeType: 'mentorship',
          duration: '2-3 weeks',
          culturalValues: ['Integrity', 'Growth'],
          employer: { id: employer.user.id, firstName: 'Grace', lastName: employer.user.lastName },
        },
        student: {
          id: student.user.id,
          firstName: 'Ada',
          lastName: student.user.lastName,
          skills: [
            { name: 'TypeScript', level: 'Advanced', verified: false },
            { name: 'React', level: 'Intermediate', verified: false },
          ],
        },
      });
      expect(match.matchScore).not.toBe(85);
      expect(JSON.stringify(match)).not.toContain('@example.com');
      const created = await waitFor(() => events.find((event) => event.key === match.id));
      expect(created).toMatchObject({
        type: 'matching.match.created',
        payload: { matchId: match.id, employerId: employer.user.id, status: 'pending', matchScore: expected.overall },
      });
      // The employer hears of it: a live update and a notification.
      const told = await waitFor(() => {
        const mine = events.filter(
          (event) => event.type === 'platform.notification.requested' && event.key === employer.user.id,
        );
        return mine.length >= 2 && mine;
      });
      expect(told.map((event) => event.payload)).toEqual([
        {
          userId: employer.user.id,
          event: 'match:updated',
          data: { matchId: match.id, status: 'pending', projectId: project.projectId },
        },
        {
          userId: employer.user.id,
          event: 'notification',
          data: {
            kind: 'application.received',
            title: 'New application',
            body: `Ada ${student.user.lastName} applied to ${project.title}.`,
            link: `/projects/${project.projectId}`,
          },
        },
      ]);
    });

    it('answers 400 to a missing or malformed projectId', async () => {
      const { student } = await scene();
      for (const body of [{}, { projectId: 'nope' }, { projectId: 42 }]) {
        const response = await student.client.post('/api/matches', body);
        expect(response.status).toBe(400);
        expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED', issues: [{ path: 'projectId' }] });
      }
    });

    it('is for students only: 403 for employers and admins', async () => {
      const { employer, project } = await scene();
      for (const person of [employer, admin]) {
        const response = await person.client.post('/api/matches', { projectId: project.projectId });
        expect(response.status).toBe(403);
        expect(response.json()).toMatchObject({ code: 'FORBIDDEN' });
      }
    });

    it('answers 401 without a session', async () => {
      const { project } = await scene();
      expect((await stack.client().post('/api/matches', { projectId: project.projectId })).status).toBe(401);
    });

    it('answers 404 for an unknown project', async () => {
      const { student } = await scene();
      const response = await student.client.post('/api/matches', { projectId: crypto.randomUUID() });
      expect(response.status).toBe(404);
    });

    it('answers 409 PROJECT_INACTIVE for a deactivated or archived project', async () => {
      const { student, employer } = await scene();
      const inactive = await createProject(stack, employer.user.id, { isActive: false });
      const archived = await createProject(stack, employer.user.id);
      await archiveProject(stack, archived);
      for (const project of [inactive, archived]) {
        const response = await student.client.post('/api/matches', { projectId: project.projectId });
        expect(response.status).toBe(409);
        expect(response.json()).toMatchObject({ code: 'PROJECT_INACTIVE' });
      }
    });

    it('answers 409 ALREADY_APPLIED to a second application, even after withdrawing', async () => {
      const { student, project } = await scene();
      const match = await apply(student, project.projectId);
      const again = await student.client.post('/api/matches', { projectId: project.projectId });
      expect(again.status).toBe(409);
      expect(again.json()).toMatchObject({ code: 'ALREADY_APPLIED' });
      await setStatus(student, match.id, 'withdrawn');
      expect((await student.client.post('/api/matches', { projectId: project.projectId })).status).toBe(409);
    });

    it('allows 5 applications a calendar month on the free plan: the 6th gets 403 PLAN_LIMIT_REACHED', async () => {
      const { student, employer } = await scene();
      const projects: ProjectSnapshot[] = [];
      for (let i = 0; i < 6; i += 1) projects.push(await createProject(stack, employer.user.id));
      for (const project of projects.slice(0, 5)) await apply(student, project.projectId);
      const sixth = await student.client.post('/api/matches', { projectId: projects[5]!.projectId });
      expect(sixth.status).toBe(403);
      expect(sixth.json()).toMatchObject({ code: 'PLAN_LIMIT_REACHED' });
      const dashboard = (await student.client.get('/api/dashboard')).json();
      expect(dashboard).toMatchObject({ connectionsUsed: 5, connectionsLimit: 5 });
      // Applications of earlier months do not count.
      await withDatabase(stack, (db) =>
        db.query(
          "UPDATE matching.matches SET created_at = date_trunc('month', now(), 'UTC') - interval '1 day' WHERE student_id = $1",
          [student.user.id],
        ),
      );
      await apply(student, projects[5]!.projectId);
    });

    it('does not limit the professional plan', async () => {
      const { student, employer } = await scene();
      await setPlan(stack, student.user, 'professional');
      for (let i = 0; i < 7; i += 1) {
        const project = await createProject(stack, employer.user.id);
        await apply(student, project.projectId);
      }
    });
  });

  describe('GET /api/matches/me', () => {
    it("lists a student's applications and an employer's applicants, newest first, with filters and keyset pages", async () => {
      const { student, employer } = await scene();
      const other = await signUp(stack, 'student');
      await setPlan(stack, student.user, 'professional');
      const projects: ProjectSnapshot[] = [];
      for (let i = 0; i < 5; i += 1) projects.push(await createProject(stack, employer.user.id));
      const mine: Match[] = [];
      for (const project of projects) mine.push(await apply(student, project.projectId));
      const theirs = await apply(other, projects[0]!.projectId);
      await setStatus(employer, mine[1]!.id, 'accepted');

      const studentList = (await student.client.get('/api/matches/me')).json<{ items: Match[] }>();
      expect(studentList.items.map((match) => match.id)).toEqual(mine.map((match) => match.id).reverse());

      const pages: string[] = [];
      let cursor: string | null = null;
      do {
        const query: string = `/api/matches/me?limit=2${cursor ? `&cursor=${cursor}` : ''}`;
        const page = (await employer.client.get(query)).json<{ items: Match[]; nextCursor: string | null }>();
        expect(page.items.length).toBeLessThanOrEqual(2);
        pages.push(...page.items.map((match) => match.id));
        cursor = page.nextCursor;
      } while (cursor);
      expect(pages).toEqual([theirs, ...[...mine].reverse()].map((match) => match.id));

      const accepted = (await employer.client.get('/api/matches/me?status=accepted')).json<{ items: Match[] }>();
      expect(accepted.items.map((match) => match.id)).toEqual([mine[1]!.id]);
      const byProject = (await employer.client.get(`/api/matches/me?projectId=${projects[0]!.projectId}`)).json<{
        items: Match[];
      }>();
      expect(byProject.items.map((match) => match.id).sort()).toEqual([mine[0]!.id, theirs.id].sort());
      expect((await other.client.get('/api/matches/me')).json().items).toHaveLength(1);
    });

    it('answers 400 to bad filters and cursors, 403 to admins', async () => {
      const { student } = await scene();
      for (const query of ['status=maybe', 'projectId=x', 'limit=0', 'limit=101', 'cursor=garbage']) {
        const response = await student.client.get(`/api/matches/me?${query}`);
        expect(response.status).toBe(400);
        expect(response.json().code).toBe(query.startsWith('cursor') ? 'INVALID_CURSOR' : 'VALIDATION_FAILED');
      }
      expect((await admin.client.get('/api/matches/me')).status).toBe(403);
    });
  });

  describe('GET /api/matches/:id', () => {
    it('shows a match to its two participants and 404 to everyone else', async () => {
      const { student, employer, project } = await scene();
      const match = await apply(student, project.projectId);
      expect((await student.client.get(`/api/matches/${match.id}`)).json()).toEqual(match);
      expect((await employer.client.get(`/api/matches/${match.id}`)).json()).toEqual(match);
      const strangers = [await signUp(stack, 'student'), await signUp(stack, 'employer'), admin];
      for (const stranger of strangers) {
        const response = await stranger.client.get(`/api/matches/${match.id}`);
        expect(response.status).toBe(404);
        expect(response.json()).toMatchObject({ code: 'MATCH_NOT_FOUND' });
      }
      expect((await student.client.get(`/api/matches/${crypto.randomUUID()}`)).status).toBe(404);
      expect((await student.client.get('/api/matches/not-an-id')).status).toBe(404);
    });
  });

  describe('PATCH /api/matches/:id', () => {
    const sides = ['employer', 'student'] as const;

    it('allows exactly the transitions of API.md, each announced and told to the other side', async () => {
      const student = await signUp(stack, 'student');
      const employer = await signUp(stack, 'employer');
      await setPlan(stack, student.user, 'professional');
      const actor = { employer, student };
      for (const side of sides) {
        for (const from of matchStatuses) {
          const allowed = matchTransitions[side][from] ?? [];
          const match = await matchIn(from, student, employer);
          for (const to of matchStatuses.filter((status) => !allowed.includes(status))) {
            const refused = await actor[side].client.mutate('PATCH', `/api/matches/${match.id}`, { status: to });
            expect([side, from, to, refused.status]).toEqual([side, from, to, 409]);
            expect(refused.json()).toMatchObject({ code: 'INVALID_TRANSITION' });
          }
          expect((await student.client.get(`/api/matches/${match.id}`)).json().status).toBe(from);
          for (const to of allowed) {
            const fresh = await matchIn(from, student, employer);
            const changed = await setStatus(actor[side], fresh.id, to);
            expect(changed).toMatchObject({ id: fresh.id, status: to });
            const counterpart = side === 'employer' ? student.user.id : employer.user.id;
            const announced = await waitFor(() =>
              events.find((event) => event.key === fresh.id && (event.payload as { to?: string }).to === to),
            );
            expect(announced.payload).toMatchObject({
              from,
              to,
              studentId: student.user.id,
              employerId: employer.user.id,
            });
            await waitFor(() =>
              events.find(
                (event) =>
                  event.key === counterpart &&
                  (event.payload as { data: { matchId?: string; status?: string } }).data.matchId === fresh.id &&
                  (event.payload as { data: { status?: string } }).data.status === to,
              ),
            );
            await waitFor(() =>
              events.find(
                (event) =>
                  event.key === counterpart &&
                  (event.payload as { data: { kind?: string } }).data.kind === notificationKind(to),
              ),
            );
          }
        }
      }
    });

    it('answers 404 to strangers and admins, 400 to a bad body, and leaves the match alone', async () => {
      const { student, employer, project } = await scene();
      const match = await apply(student, project.projectId);
      for (const stranger of [await signUp(stack, 'employer'), await signUp(stack, 'student'), admin]) {
        const response = await stranger.client.mutate('PATCH', `/api/matches/${match.id}`, { status: 'accepted' });
        expect(response.status).toBe(404);
      }
      for (const body of [{}, { status: 'approved' }, { status: 'accepted', matchScore: 100 }]) {
        expect((await employer.client.mutate('PATCH', `/api/matches/${match.id}`, body)).status).toBe(400);
      }
      expect((await employer.client.mutate('PATCH', '/api/matches/nope', { status: 'accepted' })).status).toBe(404);
      expect((await student.client.get(`/api/matches/${match.id}`)).json()).toEqual(match);
    });

    it('lets only one of two concurrent decisions win', async () => {
      const { student, employer, project } = await scene();
      const match = await apply(student, project.projectId);
      const results = await Promise.all([
        employer.client.mutate('PATCH', `/api/matches/${match.id}`, { status: 'accepted' }),
        employer.client.mutate('PATCH', `/api/matches/${match.id}`, { status: 'rejected' }),
      ]);
      expect(results.map((result) => result.status).sort()).toEqual([200, 409]);
    });
  });

  describe('reviews', () => {
    it('takes one review per side of a completed match and shows them once both sides reviewed', async () => {
      const { student, employer } = await scene();
      const match = await matchIn('completed', student, employer);
      const byStudent = await student.client.post('/api/reviews', {
        matchId: match.id,
        rating: 5,
        comment: 'Great mentor',
      });
      expect(byStudent.status).toBe(201);
      expect(byStudent.json()).toMatchObject({
        matchId: match.id,
        rating: 5,
        comment: 'Great mentor',
        reviewer: { id: student.user.id, firstName: 'Ada' },
        project: { id: match.projectId },
      });
      const again = await student.client.post('/api/reviews', { matchId: match.id, rating: 1, comment: 'Changed' });
      expect(again.status).toBe(409);
      expect(again.json()).toMatchObject({ code: 'ALREADY_REVIEWED' });

      const hidden = (await stack.client().get(`/api/users/${employer.user.id}/reviews`)).status;
      expect(hidden).toBe(401);
      const before = (await student.client.get(`/api/users/${employer.user.id}/reviews`)).json<UserReviews>();
      expect(before).toMatchObject({ averageRating: null, count: 0, items: [] });
      // Hidden reviews count nowhere: not on the employer's dashboard either.
      expect((await employer.client.get('/api/dashboard')).json()).toMatchObject({ averageRating: null });

      const byEmployer = await employer.client.post('/api/reviews', { matchId: match.id, rating: 4, comment: '' });
      expect(byEmployer.status).toBe(201);
      const aboutEmployer = (await admin.client.get(`/api/users/${employer.user.id}/reviews`)).json<UserReviews>();
      expect(aboutEmployer).toMatchObject({
        averageRating: 5,
        count: 1,
        items: [{ rating: 5, comment: 'Great mentor' }],
      });
      const aboutStudent = (await employer.client.get(`/api/users/${student.user.id}/reviews`)).json<UserReviews>();
      expect(aboutStudent).toMatchObject({ averageRating: 4, count: 1, items: [{ rating: 4, comment: '' }] });
      expect((await employer.client.get('/api/dashboard')).json()).toMatchObject({ averageRating: 5 });
    });

    it('tells each participant on every match whether they can review, and shows their own review', async () => {
      const { student, employer } = await scene();
      const completed = await matchIn('completed', student, employer);
      const accepted = await matchIn('accepted', student, employer);
      const own = async (person: Person, id: string) => (await person.client.get(`/api/matches/${id}`)).json<Match>();
      const listed = async (person: Person, id: string) =>
        (await person.client.get('/api/matches/me?limit=100'))
          .json<{ items: Match[] }>()
          .items.find((m) => m.id === id);

      expect(completed).toMatchObject({ canReview: false, myReview: null }); // pending when it was made
      for (const person of [student, employer]) {
        expect(await own(person, completed.id)).toMatchObject({ canReview: true, myReview: null });
        expect(await listed(person, completed.id)).toMatchObject({ canReview: true, myReview: null });
        expect(await own(person, accepted.id)).toMatchObject({ canReview: false, myReview: null });
      }

      const review = (
        await student.client.post('/api/reviews', { matchId: completed.id, rating: 4, comment: '  Clear brief ' })
      ).json<{ createdAt: string }>();
      const mine = { canReview: false, myReview: { rating: 4, comment: 'Clear brief', createdAt: review.createdAt } };
      expect(await own(student, completed.id)).toMatchObject(mine);
      expect(await listed(student, completed.id)).toMatchObject(mine);
      // The other side's review is not theirs: the employer still has theirs to write.
      expect(await own(employer, completed.id)).toMatchObject({ canReview: true, myReview: null });
      expect(await listed(employer, completed.id)).toMatchObject({ canReview: true, myReview: null });

      await employer.client.post('/api/reviews', { matchId: completed.id, rating: 2, comment: '' });
      expect(await own(employer, completed.id)).toMatchObject({
        canReview: false,
        myReview: { rating: 2, comment: '' },
      });
      expect(await own(student, completed.id)).toMatchObject(mine);
    });

    it('shows a one-sided review 14 days after completion', async () => {
      const { student, employer } = await scene();
      const match = await matchIn('completed', student, employer);
      await employer.client.post('/api/reviews', { matchId: match.id, rating: 3, comment: 'Fine' });
      expect((await student.client.get(`/api/users/${student.user.id}/reviews`)).json().count).toBe(0);
      await withDatabase(stack, (db) =>
        db.query("UPDATE matching.matches SET completed_at = now() - interval '15 days' WHERE id = $1", [match.id]),
      );
      expect((await student.client.get(`/api/users/${student.user.id}/reviews`)).json()).toMatchObject({
        averageRating: 3,
        count: 1,
      });
    });

    it('refuses reviews of matches not completed (409), of strangers (404) and bad input (400)', async () => {
      const { student, employer } = await scene();
      for (const status of ['pending', 'accepted', 'rejected', 'withdrawn'] as const) {
        const match = await matchIn(status, student, employer);
        const response = await student.client.post('/api/reviews', { matchId: match.id, rating: 5, comment: 'x' });
        expect(response.status).toBe(409);
        expect(response.json()).toMatchObject({ code: 'MATCH_NOT_COMPLETED' });
      }
      const completed = await matchIn('completed', student, employer);
      const stranger = await signUp(stack, 'student');
      const refused = await stranger.client.post('/api/reviews', { matchId: completed.id, rating: 5, comment: 'x' });
      expect(refused.status).toBe(404);
      for (const body of [
        { matchId: completed.id, rating: 0 },
        { matchId: completed.id, rating: 6 },
        { matchId: completed.id, rating: 4.5 },
        { matchId: completed.id, rating: '5' },
        { matchId: 'x', rating: 5 },
        { matchId: completed.id, rating: 5, comment: 'x'.repeat(2001) },
      ]) {
        expect((await student.client.post('/api/reviews', body)).status).toBe(400);
      }
      expect((await student.client.get('/api/users/not-an-id/reviews')).status).toBe(404);
      expect((await student.client.get(`/api/users/${student.user.id}/reviews?limit=500`)).status).toBe(400);
    });
  });

  describe('GET /api/dashboard (matching part)', () => {
    it("gives a student's figures and recent matches named by the employer", async () => {
      const { student, employer } = await scene();
      const pending = await matchIn('pending', student, employer);
      await matchIn('accepted', student, employer);
      await matchIn('completed', student, employer);
      await matchIn('withdrawn', student, employer);
      const dashboard = (await student.client.get('/api/dashboard')).json();
      expect(dashboard).toMatchObject({
        role: 'student',
        activeMatches: 2,
        completedProjects: 1,
        connectionsUsed: 4,
        connectionsLimit: 5,
      });
      expect(dashboard.unavailable).not.toContain('matching');
      expect(dashboard.recentMatches).toHaveLength(3);
      expect(dashboard.recentMatches[2]).toMatchObject({
        id: expect.any(String),
        counterpartName: `Grace ${employer.user.lastName}`,
        status: 'accepted',
      });
      expect(dashboard.recentMatches.map((match: { id: string }) => match.id)).not.toContain(pending.id);
    });

    it("gives an employer's figures, success rate and recent matches named by the student", async () => {
      const { student, employer } = await scene();
      await setPlan(stack, student.user, 'professional');
      const fresh = await signUp(stack, 'employer');
      expect((await fresh.client.get('/api/dashboard')).json()).toMatchObject({
        pendingCandidates: 0,
        successRate: null,
        averageRating: null,
      });
      for (const status of ['pending', 'pending', 'accepted', 'completed', 'rejected', 'withdrawn'] as const) {
        await matchIn(status, student, employer);
      }
      const dashboard = (await employer.client.get('/api/dashboard')).json();
      expect(dashboard).toMatchObject({
        pendingCandidates: 2,
        activeCollaborations: 1,
        totalApplicants: 6,
        completedProjects: 1,
        successRate: 67,
        averageRating: null,
      });
      expect(dashboard.recentMatches[0]).toMatchObject({
        counterpartName: `Ada ${student.user.lastName}`,
        status: 'withdrawn',
      });
    });

    it('has nothing to add for admins', async () => {
      expect((await admin.client.get('/api/dashboard')).json().unavailable).not.toContain('matching');
    });
  });

  describe('GET /api/matches/advanced/:userId', () => {
    it('answers for yourself, for anyone to admins, and 403 to others', async () => {
      const { student, employer } = await scene();
      const own = await student.client.get(`/api/matches/advanced/${student.user.id}`);
      expect(own.status).toBe(200);
      expect(own.json()).toMatchObject({ algorithm: 'culture_skill_overlap' });
      expect((await employer.client.get(`/api/matches/advanced/${employer.user.id}`)).json()).toMatchObject({
        projectMatches: [],
      });
      expect((await employer.client.get(`/api/matches/advanced/${student.user.id}`)).status).toBe(403);
      expect((await student.client.get(`/api/matches/advanced/${employer.user.id}`)).status).toBe(403);
      await waitFor(async () => (await admin.client.get(`/api/matches/advanced/${student.user.id}`)).status === 200);
      expect((await admin.client.get(`/api/matches/advanced/${crypto.randomUUID()}`)).status).toBe(404);
      expect((await admin.client.get('/api/matches/advanced/not-an-id')).status).toBe(404);
    });
  });

  describe('read models', () => {
    it('keep the newest state when events arrive late or twice', async () => {
      const { student, employer, project } = await scene();
      const t = (seconds: number) => new Date(Date.now() + seconds * 1000).toISOString();
      await updateProject(stack, { ...project, title: 'Newest', isActive: false }, t(20));
      await updateProject(stack, { ...project, title: 'Older', isActive: true }, t(10));
      const inactive = await student.client.post('/api/matches', { projectId: project.projectId });
      expect(inactive.json()).toMatchObject({ code: 'PROJECT_INACTIVE' });

      await updateProject(stack, { ...project, title: 'Reopened', isActive: true }, t(30));
      const created = await publish(stack, ProjectCreatedV1, project.projectId, project, t(-10));
      await stack.bus.publish([{ topic: ProjectCreatedV1.topic, envelope: created }]);
      const match = await apply(student, project.projectId);
      expect(match.project.title).toBe('Reopened');

      // An identity snapshot older than the stored one does not rename anyone.
      await publish(
        stack,
        UserUpdatedV1,
        employer.user.id,
        {
          userId: employer.user.id,
          email: employer.user.email,
          firstName: 'Stale',
          lastName: 'Name',
          role: 'employer',
          plan: 'free',
          headline: null,
          company: null,
          location: null,
          profileImageUrl: null,
          createdAt: employer.user.createdAt,
        },
        new Date(Date.parse(employer.user.createdAt) - 60_000).toISOString(),
      );
      expect((await student.client.get(`/api/matches/${match.id}`)).json().project.employer.firstName).toBe('Grace');
    });
  });
});
