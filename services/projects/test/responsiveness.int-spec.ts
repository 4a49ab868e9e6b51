import { expect, it } from '@jest/globals';
import { type Collection, EmployerResponsivenessChangedV1, type Project } from '@projectory/contracts';
import { useApiStack } from '@projectory/api-stack';
import { describeWithInfra } from '@projectory/testing';
import { createProject, publish, signUp } from './projects-fixtures.js';

/**
 * API.md `Project.employer`: the employer's median response time and response rate, as matching
 * announces them (matching.employer.responsiveness-changed), on the project page and in the lists.
 */
await describeWithInfra(['postgres'], 'employers’ response figures on projects', () => {
  const stack = useApiStack(['projects', 'identity']);

  const figures = (employerId: string, medianResponseHours: number | null, responseRate: number | null, at: Date) =>
    publish(stack, EmployerResponsivenessChangedV1, employerId, {
      employerId,
      medianResponseHours,
      responseRate,
      computedAt: at.toISOString(),
    });

  it('shows the newest announced figures on the project and in the lists; none before any (a new employer)', async () => {
    const employer = await signUp(stack, 'employer');
    const student = await signUp(stack, 'student');
    const project = await createProject(employer, { title: 'Responsive employer project' });
    expect(project.employer).toMatchObject({ medianResponseHours: null, responseRate: null });

    const now = Date.now();
    await figures(employer.user.id, 5.5, 80, new Date(now));
    const shown = async () => {
      const one = (await student.client.get(`/api/projects/${project.id}`)).json<Project>();
      const mine = (await employer.client.get('/api/projects/me')).json<Collection<Project>>();
      const browse = (await student.client.get('/api/projects?limit=100')).json<Collection<Project>>();
      const search = (await student.client.get('/api/projects?q=Responsive')).json<Collection<Project>>();
      const listed = [mine, browse, search].map((page) => page.items.find((item) => item.id === project.id)?.employer);
      return [one.employer, ...listed].map(
        (employer) => employer && [employer.medianResponseHours, employer.responseRate],
      );
    };
    expect(await shown()).toEqual([
      [5.5, 80],
      [5.5, 80],
      [5.5, 80],
      [5.5, 80],
    ]);

    // An older announcement arriving late changes nothing; a newer one replaces them (back to none too).
    await figures(employer.user.id, 100, 10, new Date(now - 60_000));
    expect(await shown()).toEqual([
      [5.5, 80],
      [5.5, 80],
      [5.5, 80],
      [5.5, 80],
    ]);
    await figures(employer.user.id, null, null, new Date(now + 1000));
    expect(await shown()).toEqual([
      [null, null],
      [null, null],
      [null, null],
      [null, null],
    ]);
  });
});
