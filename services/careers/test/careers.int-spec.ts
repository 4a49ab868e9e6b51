import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from '@jest/globals';
import { useApiStack } from '@projectory/api-stack';
import {
  type CareerRecommendations,
  type EventEnvelope,
  type EventPayload,
  MatchCreatedV1,
  MatchStatusChangedV1,
  NotificationRequestedV1,
  type Project,
  type SkillGap,
} from '@projectory/contracts';
import {
  describeWithInfra,
  type EventRecorder,
  type Person,
  publishEvent,
  recordEvents,
  signUpPerson,
  verifyEmployer,
  takeAssessment,
  waitFor,
  withDatabase,
} from '@projectory/testing';

/**
 * API.md "Careers" through the gateway, with the services whose events feed careers' read models:
 * portfolio (skills), assessment (culture), projects (open projects); applications are matching's
 * events, published here as matching would.
 */
await describeWithInfra(['postgres'], 'career recommendations', () => {
  const stack = useApiStack(['identity', 'portfolio', 'assessment', 'projects', 'careers'], {
    CAREERS_GENERATE_PER_MINUTE: '4',
  });
  let pushes: EventRecorder<EventEnvelope<EventPayload<typeof NotificationRequestedV1>>>;

  beforeAll(async () => {
    pushes = await recordEvents(stack.bus, [NotificationRequestedV1]);
  });

  /** Waits until careers' own schema answers the query (its read model caught up with an event). */
  const careersKnow = (sql: string, params: unknown[]) =>
    waitFor(() => withDatabase(stack, async (db) => ((await db.query(sql, params)).rowCount ?? 0) > 0));

  async function addSkills(person: Person, skills: [string, string][]): Promise<void> {
    for (const [name, proficiencyLevel] of skills) {
      const response = await person.client.post('/api/users/me/skills', { name, proficiencyLevel });
      expect([response.status, response.text]).toEqual([201, expect.any(String)]);
    }
    await careersKnow('SELECT 1 FROM careers.student_skills WHERE user_id = $1 AND jsonb_array_length(skills) = $2', [
      person.user.id,
      skills.length,
    ]);
  }

  async function postProject(employer: Person, title: string, requiredSkills: string[]): Promise<Project> {
    const response = await employer.client.post('/api/projects', {
      title,
      description: 'A real piece of work for a student.',
      exchangeType: 'mentorship',
      requiredSkills,
    });
    expect(response.status).toBe(201);
    const project = response.json<Project>();
    await careersKnow('SELECT 1 FROM careers.projects WHERE id = $1 AND is_active', [project.id]);
    return project;
  }

  const gapOf = async (person: Person, careerTitle: string) => {
    const response = await person.client.post('/api/career-recommendations/skill-gap', { careerTitle });
    expect(response.status).toBe(200);
    return response.json<SkillGap>();
  };

  describe('who may call', () => {
    it('answers 401 signed out, 403 to an employer, and an empty result to a student before the first generation', async () => {
      const anonymous = stack.client();
      expect((await anonymous.get('/api/career-recommendations')).status).toBe(401);
      expect((await anonymous.post('/api/career-recommendations/generate')).status).toBe(401);
      expect((await anonymous.post('/api/career-recommendations/skill-gap', { careerTitle: 'Chef' })).status).toBe(401);

      const employer = await signUpPerson(stack, 'employer');
      expect((await employer.client.get('/api/career-recommendations')).status).toBe(403);
      expect((await employer.client.post('/api/career-recommendations/generate')).status).toBe(403);

      const student = await signUpPerson(stack, 'student');
      const empty = await student.client.get('/api/career-recommendations');
      expect(empty.status).toBe(200);
      expect(empty.json()).toEqual({ items: [], generatedAt: null, source: 'catalog', stale: false });
    });

    it('refuses a skill-gap request without a career title (400) or naming no catalog career (404)', async () => {
      const student = await signUpPerson(stack, 'student');
      const missing = await student.client.post('/api/career-recommendations/skill-gap', {});
      expect(missing.status).toBe(400);
      expect(missing.json()).toMatchObject({
        code: 'VALIDATION_FAILED',
        issues: [{ path: 'careerTitle', message: 'Career title is required' }],
      });
      const extra = await student.client.post('/api/career-recommendations/skill-gap', { careerTitle: 'Chef', x: 1 });
      expect(extra.status).toBe(400);
      const unknown = await student.client.post('/api/career-recommendations/skill-gap', {
        careerTitle: 'Dragon Tamer',
      });
      expect(unknown.status).toBe(404);
      expect(unknown.json()).toMatchObject({ code: 'CAREER_NOT_FOUND', issues: [{ path: 'careerTitle' }] });
    });
  });

  describe('generation', () => {
    it('ranks the catalog from the student’s skills, assessment and completed projects, pushing progress, and keeps the result', async () => {
      const student = await signUpPerson(stack, 'student');
      await addSkills(student, [
        ['SQL', 'Advanced'],
        ['Python', 'Intermediate'],
        ['Statistics', 'Intermediate'],
        ['Data Analysis', 'Advanced'],
        ['Tableau', 'Beginner'],
      ]);
      await takeAssessment(student);
      await careersKnow('SELECT 1 FROM careers.culture_profiles WHERE user_id = $1', [student.user.id]);
      // A completed application, as matching announces it, on a project careers knows.
      const employer = await signUpPerson(stack, 'employer');
      const project = await postProject(employer, 'Sales dashboard', ['SQL', 'Data Visualization']);
      const match = {
        matchId: randomUUID(),
        projectId: project.id,
        studentId: student.user.id,
        employerId: employer.user.id,
      };
      await publishEvent(stack.bus, MatchCreatedV1, match.matchId, {
        ...match,
        status: 'pending',
        matchScore: 80,
        createdAt: new Date(Date.now() - 60_000).toISOString(),
      });
      await publishEvent(stack.bus, MatchStatusChangedV1, match.matchId, {
        ...match,
        from: 'accepted',
        to: 'completed',
        changedAt: new Date().toISOString(),
      });
      await careersKnow("SELECT 1 FROM careers.applications WHERE id = $1 AND status = 'completed'", [match.matchId]);

      const response = await student.client.post('/api/career-recommendations/generate');
      expect(response.status).toBe(200);
      const result = response.json<CareerRecommendations>();
      expect(result).toMatchObject({ source: 'catalog', stale: false });
      expect(result.items).toHaveLength(10);
      expect(Date.parse(result.generatedAt!)).toBeGreaterThan(Date.now() - 60_000);
      const top = result.items[0]!;
      expect(['Data Analyst', 'Business Intelligence Analyst', 'Data Scientist', 'Statistician']).toContain(top.title);
      expect(top).toEqual({
        title: expect.any(String),
        description: expect.any(String),
        matchPercentage: expect.any(Number),
        growthPotential: expect.stringMatching(/^(High|Medium|Low)$/),
        salaryRange: expect.stringContaining('median per year'),
        timeToAchieve: expect.any(String),
        industries: expect.any(Array),
        requiredSkills: expect.any(Array),
        nextSteps: expect.any(Array),
        reasoning: expect.stringMatching(/^You have \d of its \d core skills: /),
      });
      expect(result.items.some((item) => item.reasoning.includes('Your completed project “Sales dashboard”'))).toBe(
        true,
      );
      const percentages = result.items.map((item) => item.matchPercentage);
      expect(percentages).toEqual([...percentages].sort((a, b) => b - a));

      const progress = await pushes.waitFor(
        (event) => event.payload.userId === student.user.id && event.payload.data.percent === 100,
      );
      expect(progress.payload).toMatchObject({ event: 'careers:progress', data: { stage: 'Done' } });
      const percents = pushes.events
        .filter((event) => event.payload.userId === student.user.id && event.payload.event === 'careers:progress')
        .map((event) => event.payload.data.percent as number);
      expect(percents[0]).toBe(10);
      expect(percents).toEqual([...percents].sort((a, b) => a - b));

      const saved = await student.client.get('/api/career-recommendations');
      expect(saved.json()).toEqual(result);

      // A new skill makes the saved result stale until the next generation.
      const added = await student.client.post('/api/users/me/skills', {
        name: 'Power BI',
        proficiencyLevel: 'Beginner',
      });
      expect(added.status).toBe(201);
      await waitFor(
        async () => (await student.client.get('/api/career-recommendations')).json<CareerRecommendations>().stale,
      );
      const again = await student.client.post('/api/career-recommendations/generate');
      expect(again.json<CareerRecommendations>().stale).toBe(false);
    });

    it('limits generations per user per minute (429 with Retry-After)', async () => {
      const student = await signUpPerson(stack, 'student');
      for (let i = 0; i < 4; i++) {
        expect((await student.client.post('/api/career-recommendations/generate')).status).toBe(200);
      }
      const limited = await student.client.post('/api/career-recommendations/generate');
      expect(limited.status).toBe(429);
      expect(limited.json()).toMatchObject({ code: 'RATE_LIMITED' });
      expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
      const other = await signUpPerson(stack, 'student');
      expect((await other.client.post('/api/career-recommendations/generate')).status).toBe(200);
    });
  });

  describe('skill gap', () => {
    it('splits the career’s skills into strengths and missing ones, and suggests open projects needing a missing skill until they close', async () => {
      const student = await signUpPerson(stack, 'student');
      await addSkills(student, [
        ['SQL', 'Advanced'],
        ['Microsoft Excel', 'Intermediate'],
      ]);
      const employer = await signUpPerson(stack, 'employer');
      // More active projects than an unverified employer may have (API.md "Trust and safety").
      await verifyEmployer(stack, employer);
      const archived = await postProject(employer, 'Tableau reports for a charity', ['Tableau', 'Canva']);
      const paused = await postProject(employer, 'Survey statistics', ['statistics']);
      const unrelated = await postProject(employer, 'Bakery website', ['WordPress']);

      const gap = await gapOf(student, 'data analyst');
      expect(gap.strengthSkills).toEqual(['SQL', 'Microsoft Excel']);
      expect(gap.missingSkills).toEqual(['Data Analysis', 'Data Visualization', 'Statistics', 'Tableau']);
      expect(gap.recommendations).toContain(
        'Learn Tableau: take on a project that uses it, so an employer can verify it.',
      );
      const suggested = gap.suggestedProjects.map((project) => project.id);
      expect(suggested).toEqual(expect.arrayContaining([archived.id, paused.id]));
      expect(suggested).not.toContain(unrelated.id);
      expect(gap.suggestedProjects.find((project) => project.id === paused.id)).toEqual({
        id: paused.id,
        title: 'Survey statistics',
        skills: ['Statistics'], // as projects stores it: by the skill catalog's name
      });

      expect((await employer.client.mutate('DELETE', `/api/projects/${archived.id}`)).status).toBe(204);
      await careersKnow('SELECT 1 FROM careers.projects WHERE id = $1 AND archived_at IS NOT NULL', [archived.id]);
      expect((await employer.client.mutate('PATCH', `/api/projects/${paused.id}`, { isActive: false })).status).toBe(
        200,
      );
      await careersKnow('SELECT 1 FROM careers.projects WHERE id = $1 AND NOT is_active', [paused.id]);
      const after = (await gapOf(student, 'Data Analyst')).suggestedProjects.map((project) => project.id);
      expect(after).not.toContain(archived.id);
      expect(after).not.toContain(paused.id);
    });
  });
});
