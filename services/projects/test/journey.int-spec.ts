import { expect, it } from '@jest/globals';
import type { AdvancedMatches } from '@projectory/contracts';
import { useApiStack } from '@projectory/api-stack';
import { describeWithInfra, takeAssessment, waitFor } from '@projectory/testing';
import { createProject, signUp } from './projects-fixtures.js';

/**
 * Across the real services: a project posted through POST /api/projects reaches matching through the
 * outbox (ProjectCreated), and once a student has answered the assessment, matching ranks it for them.
 */
await describeWithInfra(['postgres'], 'a posted project reaches matching', () => {
  const stack = useApiStack(['projects', 'identity', 'matching', 'assessment']);

  it("ranks a project created through the API for a student after the student's assessment", async () => {
    const employer = await signUp(stack, 'employer', { firstName: 'Grace', lastName: 'Hopper' });
    const project = await createProject(employer, {
      title: 'Accessible volunteer sign-up',
      description: 'Make our volunteer sign-up form work for everyone.',
      exchangeType: 'recommendation',
      requiredSkills: ['TypeScript', 'React'],
      culturalValues: ['Integrity', 'Growth'],
    });
    const student = await signUp(stack, 'student');
    await takeAssessment(student);

    const ranked = await waitFor(async () => {
      const response = await student.client.get(`/api/matches/advanced/${student.user.id}`);
      const match = response
        .json<AdvancedMatches>()
        .projectMatches.find((candidate) => candidate.project.id === project.id);
      return match && match.cultureScore > 0 ? match : undefined;
    });
    expect(ranked.project).toMatchObject({
      id: project.id,
      title: 'Accessible volunteer sign-up',
      requiredSkills: ['TypeScript', 'React'],
      exchangeType: 'recommendation',
      employer: { id: employer.user.id, firstName: 'Grace', lastName: 'Hopper' },
    });
    expect(ranked.reasons.map((reason) => reason.text).join(' ')).toMatch(/Integrity/);

    // The project's later life reaches matching too: archived, it is no longer ranked.
    expect((await employer.client.mutate('DELETE', `/api/projects/${project.id}`)).status).toBe(204);
    await waitFor(async () => {
      const response = await student.client.get(`/api/matches/advanced/${student.user.id}`);
      return !response.json<AdvancedMatches>().projectMatches.some((candidate) => candidate.project.id === project.id);
    });
  });
});
