import { randomBytes, randomUUID } from 'node:crypto';
import { describe, expect, it } from '@jest/globals';
import type { Collection, ProjectFits, RecommendedProject } from '@projectory/contracts';
import { useApiStack } from '@projectory/api-stack';
import { describeWithInfra, waitFor } from '@projectory/testing';
import { explainPair } from '../src/scoring/index.js';
import {
  apply,
  completeAssessment,
  createProject,
  type Person,
  projectProfile,
  setSkills,
  signUp,
  studentProfile,
  withDatabase,
} from './matching-fixtures.js';

await describeWithInfra(['postgres'], 'fit before applying: /fit and /recommendations', () => {
  const stack = useApiStack(['matching', 'identity']);

  /** A skill no other test uses, so that the student's best fits are this test's projects. */
  const uniqueSkill = (name: string) => `${name}${randomBytes(3).toString('hex')}`;

  const fit = async (person: Person, ids: string[]) =>
    person.client.get(`/api/matches/fit?projectIds=${ids.join(',')}`);

  describe('GET /api/matches/fit', () => {
    it('answers the scores and typed reasons explainPair gives now, equal to an application made next', async () => {
      const student = await signUp(stack, 'student');
      const employer = await signUp(stack, 'employer');
      const skill = uniqueSkill('Figma');
      await completeAssessment(stack, student.user, ['integrity', 'growth']);
      await setSkills(stack, student.user.id, [[skill, 'Advanced']]);
      const project = await createProject(stack, employer.user.id, { requiredSkills: [skill, 'Sketch'] });
      const other = await createProject(stack, employer.user.id, { requiredSkills: [], culturalValues: [] });
      const expected = explainPair(
        studentProfile(
          student.user.id,
          ['integrity', 'growth'],
          [0.8, 0.2, 0.6, 0.5, 0.7, 0.9, 0.4],
          [[skill, 'Advanced']],
        ),
        projectProfile(project),
      );

      const response = await fit(student, [project.projectId, randomUUID(), other.projectId]);
      expect(response.status).toBe(200);
      const { items } = response.json<ProjectFits>();
      expect(items.map((item) => item.projectId)).toEqual([project.projectId, other.projectId]);
      expect(items[0]).toEqual({
        projectId: project.projectId,
        matchScore: expected.overall,
        skillsMatch: expected.skills,
        cultureMatch: expected.culture,
        reasons: expected.reasons,
      });
      expect(items[0]!.reasons).toContainEqual({ kind: 'gap', text: 'Missing: Sketch' });
      // A project that names neither skills nor values does not sit at a neutral 50.
      expect(items[1]).toMatchObject({ matchScore: 0, skillsMatch: 0, cultureMatch: 0 });
      expect(items[1]!.reasons.every((reason) => reason.kind === 'neutral')).toBe(true);

      const match = await apply(student, project.projectId);
      expect(match).toMatchObject({
        matchScore: expected.overall,
        appliedScore: expected.overall,
        reasons: expected.reasons,
      });
    });

    it('refuses a missing, malformed or oversized projectIds with a 400 naming it, and non-students with 403', async () => {
      const student = await signUp(stack, 'student');
      const employer = await signUp(stack, 'employer');
      const ids = Array.from({ length: 101 }, () => randomUUID());
      for (const query of ['', '?projectIds=', '?projectIds=not-an-id', `?projectIds=${ids.join(',')}`]) {
        const response = await student.client.get(`/api/matches/fit${query}`);
        expect([query, response.status]).toEqual([query, 400]);
        expect(response.json()).toMatchObject({
          code: 'VALIDATION_FAILED',
          issues: [expect.objectContaining({ path: expect.stringMatching(/^projectIds/) })],
        });
      }
      expect((await fit(student, ids.slice(0, 100))).status).toBe(200);
      expect((await fit(employer, [randomUUID()])).status).toBe(403);
    });
  });

  describe('GET /api/matches/recommendations', () => {
    it('ranks every active project by fit, best first, paged deeper than the top 20, as Project with fit', async () => {
      const student = await signUp(stack, 'student');
      const employer = await signUp(stack, 'employer');
      const skill = uniqueSkill('Zig');
      await setSkills(stack, student.user.id, [[skill, 'Advanced']]);
      // 25 projects the student half fits (skills 45, no assessment), one they fit fully, one paused.
      const mine = [];
      for (let i = 0; i < 25; i += 1) {
        mine.push(await createProject(stack, employer.user.id, { requiredSkills: [skill, uniqueSkill('Odin')] }));
      }
      const best = await createProject(stack, employer.user.id, { requiredSkills: [skill] });
      const paused = await createProject(stack, employer.user.id, { requiredSkills: [skill], isActive: false });
      await waitFor(() =>
        withDatabase(stack, async (db) => {
          const { rows } = await db.query('SELECT 1 FROM matching.projects WHERE id = $1 AND snapshot_at IS NOT NULL', [
            paused.projectId,
          ]);
          return rows.length > 0;
        }),
      );

      const seen: RecommendedProject[] = [];
      let cursor: string | null = null;
      do {
        const response = await student.client.get(
          `/api/matches/recommendations?limit=10${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
        );
        expect(response.status).toBe(200);
        const page: Collection<RecommendedProject> = response.json();
        seen.push(...page.items);
        cursor = page.nextCursor;
      } while (cursor && seen.length < 40);

      const ids = seen.map((project) => project.id);
      expect(ids[0]).toBe(best.projectId);
      expect(new Set(ids).size).toBe(ids.length);
      expect(ids).toEqual(expect.arrayContaining(mine.map((project) => project.projectId)));
      expect(ids).not.toContain(paused.projectId);
      const scores = seen.map((project) => project.matchScore);
      expect(scores).toEqual([...scores].sort((a, b) => b - a));
      expect(seen[0]).toEqual({
        id: best.projectId,
        title: best.title,
        description: best.description,
        exchangeType: best.exchangeType,
        exchangeDescription: null,
        duration: best.duration,
        requiredSkills: [skill],
        culturalValues: best.culturalValues,
        // The workspace's template, as the project's snapshot carried it (none here).
        milestones: [],
        isActive: true,
        createdAt: best.createdAt,
        employer: {
          id: employer.user.id,
          firstName: 'Grace',
          lastName: employer.user.lastName,
          company: employer.user.company,
          medianResponseHours: null,
          responseRate: null,
          verification: 'none',
        },
        applicantCount: 0,
        flags: [],
        matchScore: 45,
        skillsMatch: 90,
        cultureMatch: 0,
        reasons: expect.arrayContaining([{ kind: 'gap', text: 'Take the culture assessment to see your culture fit' }]),
      });
    });

    it('refuses a forged cursor with 400 INVALID_CURSOR, and non-students with 403', async () => {
      const student = await signUp(stack, 'student');
      const employer = await signUp(stack, 'employer');
      const forged = Buffer.from(JSON.stringify([1001, randomUUID()])).toString('base64url');
      const response = await student.client.get(`/api/matches/recommendations?cursor=${forged}`);
      expect(response.status).toBe(400);
      expect(response.json()).toMatchObject({ code: 'INVALID_CURSOR' });
      expect((await employer.client.get('/api/matches/recommendations')).status).toBe(403);
    });
  });
});
