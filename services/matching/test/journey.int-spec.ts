import { expect, it } from '@jest/globals';
import type { AdvancedMatches, Skill } from '@projectory/contracts';
import { useApiStack } from '@projectory/api-stack';
import { describeWithInfra, type Infra, takeAssessment, waitFor } from '@projectory/testing';
import { createProject, type Person, signUp } from './matching-fixtures.js';

/**
 * The whole loop with the real services: a student answers the assessment through the assessment
 * service and adds skills through portfolio; their events reach matching, whose jobs rank the
 * employer's project with reasons. Projects arrive as ProjectCreated events until the projects service exists.
 */
const drivers: { name: 'memory' | 'redis'; needs: Infra[] }[] = [
  { name: 'memory', needs: ['postgres'] },
  { name: 'redis', needs: ['postgres', 'redis'] },
];

for (const driver of drivers) {
  await describeWithInfra(driver.needs, `student journey across services (${driver.name})`, () => {
    const stack = useApiStack(['identity', 'assessment', 'portfolio', 'matching'], {}, { drivers: driver.name });

    const advanced = async (person: Person) =>
      (await person.client.get(`/api/matches/advanced/${person.user.id}`)).json<AdvancedMatches>();

    it('ranks a project for a student after their assessment and skills, with reasons', async () => {
      const employer = await signUp(stack, 'employer');
      const project = await createProject(stack, employer.user.id, {
        requiredSkills: ['TypeScript', 'React'],
        culturalValues: ['Integrity', 'Growth'],
      });
      const student = await signUp(stack, 'student');

      const submitted = Date.now();
      await takeAssessment(student);
      const afterAssessment = await waitFor(async () => {
        const match = (await advanced(student)).projectMatches.find((m) => m.project.id === project.projectId);
        return match && match.cultureScore > 0 ? match : undefined;
      });
      console.log(`[${driver.name}] assessment → ranked with culture fit in ${Date.now() - submitted} ms`);
      expect(afterAssessment.reasons.map((reason) => reason.text).join(' ')).toMatch(/Integrity/);

      const typescript = (await student.client.get('/api/skills?q=typescript')).json<{ items: Skill[] }>().items[0]!;
      const added = Date.now();
      const skill = await student.client.post('/api/users/me/skills', {
        skillId: typescript.id,
        proficiencyLevel: 'Advanced',
      });
      expect(skill.status).toBe(201);
      const afterSkills = await waitFor(async () => {
        const match = (await advanced(student)).projectMatches.find((m) => m.project.id === project.projectId);
        return match && match.skillMatch > afterAssessment.skillMatch ? match : undefined;
      });
      console.log(`[${driver.name}] skill added → new skill score in ${Date.now() - added} ms`);
      expect(afterSkills.overallScore).toBeGreaterThan(afterAssessment.overallScore);
      expect(afterSkills.reasons.map((reason) => reason.text).join(' ')).toMatch(/TypeScript/);
      expect(afterSkills.reasons.map((reason) => reason.text).join(' ')).toMatch(/React/);

      const dashboard = (await student.client.get('/api/dashboard')).json<{
        profileChecks: { key: string; done: boolean }[];
      }>();
      expect(dashboard.profileChecks.filter((check) => ['assessment', 'skills'].includes(check.key))).toEqual([
        expect.objectContaining({ key: 'assessment', done: true }),
        expect.objectContaining({ key: 'skills', done: true }),
      ]);
    });
  });
}
