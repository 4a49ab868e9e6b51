import { expect, it } from '@jest/globals';
import type { Collection, Match } from '@projectory/contracts';
import { useApiStack } from '@projectory/api-stack';
import { describeWithInfra } from '@projectory/testing';
import { apply, createProject, signUp } from './matching-fixtures.js';

await describeWithInfra(['postgres'], 'an application pitch (POST /api/matches { pitch })', () => {
  const stack = useApiStack(['matching', 'identity']);

  it('stores the trimmed pitch and shows it to the employer; none is null', async () => {
    const student = await signUp(stack, 'student');
    const employer = await signUp(stack, 'employer');
    const [first, second, third] = [
      await createProject(stack, employer.user.id),
      await createProject(stack, employer.user.id),
      await createProject(stack, employer.user.id),
    ];
    const pitch = `  I built two design systems.\n${'x'.repeat(970)}  `;
    const match = await apply(student, first!.projectId, { pitch });
    expect(match.pitch).toBe(pitch.trim());
    const seen = (await employer.client.get(`/api/matches/me?projectId=${first!.projectId}`)).json<Collection<Match>>();
    expect(seen.items[0]).toMatchObject({ id: match.id, pitch: pitch.trim() });
    expect((await apply(student, second!.projectId)).pitch).toBeNull();
    expect((await apply(student, third!.projectId, { pitch: '   ' })).pitch).toBeNull();
  });

  it('refuses a pitch over 1000 characters or not text with a 400 naming pitch, and applies nothing', async () => {
    const student = await signUp(stack, 'student');
    const employer = await signUp(stack, 'employer');
    const project = await createProject(stack, employer.user.id);
    for (const pitch of ['y'.repeat(1001), 42, ['a']]) {
      const response = await student.client.post('/api/matches', { projectId: project.projectId, pitch });
      expect(response.status).toBe(400);
      expect(response.json()).toMatchObject({
        code: 'VALIDATION_FAILED',
        issues: [expect.objectContaining({ path: 'pitch' })],
      });
    }
    // 1000 characters after trimming are fine.
    expect((await apply(student, project.projectId, { pitch: ` ${'z'.repeat(1000)} ` })).pitch).toHaveLength(1000);
  });
});
