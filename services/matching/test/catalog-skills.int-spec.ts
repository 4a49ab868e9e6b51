import { randomBytes } from 'node:crypto';
import { expect, it } from '@jest/globals';
import type {
  AdvancedMatches,
  Collection,
  Match,
  Project,
  ProjectFits,
  RecommendedProject,
} from '@projectory/contracts';
import { useApiStack } from '@projectory/api-stack';
import { openDataSource } from '@projectory/platform';
import { describeWithInfra, waitFor } from '@projectory/testing';
import { CatalogSkillKeys1795506298242 } from '../src/migrations/1795506298242-catalog-skill-keys.migration.js';
import { applyWhenKnown, createProject, type Person, signUp } from './matching-fixtures.js';

// Issue 17 "Skills meet on the catalog": an employer's alias and a student's catalog name are one skill,
// through the real services (portfolio resolves the student's, projects the employer's, matching keys both).
await describeWithInfra(['postgres'], 'skills meet on the catalog', () => {
  const stack = useApiStack(['identity', 'portfolio', 'projects', 'matching'], {
    MATCHING_RECONCILE_MS: '250',
  });

  const json = async <T>(person: Person, path: string): Promise<T> => {
    const response = await person.client.get(path);
    expect([path, response.status]).toEqual([path, 200]);
    return response.json<T>();
  };

  it('a project requiring "JS" matches a student with JavaScript, with the same skillsMatch on every surface', async () => {
    const student = await signUp(stack, 'student');
    const employer = await signUp(stack, 'employer');
    const added = await student.client.post('/api/users/me/skills', {
      name: 'javascript',
      proficiencyLevel: 'Advanced',
    });
    expect(added.status).toBe(201);
    expect(added.json<{ skill: { name: string } }>().skill.name).toBe('JavaScript');

    // Free text the catalog lacks stays as typed (and is a skill the student lacks: a gap).
    const own = `Kite rigging ${randomBytes(3).toString('hex')}`;
    const created = await employer.client.post('/api/projects', {
      title: 'Catalog skills',
      description: 'Build the sign-up flow of our volunteer portal.',
      exchangeType: 'mentorship',
      requiredSkills: ['JS', own, 'javascript'],
    });
    expect(created.status).toBe(201);
    const project = created.json<Project>();
    expect(project.requiredSkills).toEqual(['JavaScript', own]);

    // Advanced JavaScript (9 tenths) of two required skills: 45.
    const SKILLS = 45;
    await applyWhenKnown(student, project.id);
    const seen = await waitFor(async () => {
      const mine = (await json<Collection<Match>>(student, '/api/matches/me')).items[0]!;
      return mine.skillsMatch === SKILLS && mine;
    }, 5000);
    const theirs = (await json<Collection<Match>>(employer, `/api/matches/me?projectId=${project.id}`)).items[0]!;
    const fit = (await json<ProjectFits>(student, `/api/matches/fit?projectIds=${project.id}`)).items[0]!;
    let recommended: RecommendedProject | undefined;
    for (let cursor: string | null | undefined; !recommended && cursor !== null;) {
      const page: Collection<RecommendedProject> = await json(
        student,
        `/api/matches/recommendations?limit=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
      );
      recommended = page.items.find((item) => item.id === project.id);
      cursor = page.nextCursor;
    }
    const advanced = await json<AdvancedMatches>(student, `/api/matches/advanced/${student.user.id}`);
    const ranked = advanced.projectMatches.find((match) => match.project.id === project.id);

    const figures = (item: { matchScore: number; skillsMatch: number; reasons: unknown }) => ({
      matchScore: item.matchScore,
      skillsMatch: item.skillsMatch,
      reasons: item.reasons,
    });
    expect(figures(theirs)).toEqual(figures(seen));
    expect(figures(fit)).toEqual(figures(seen));
    expect(recommended && figures(recommended)).toEqual(figures(seen));
    if (ranked) expect(ranked.skillMatch).toBe(SKILLS);
    expect(seen.reasons).toContainEqual({ kind: 'strength', text: expect.stringContaining('JavaScript') });
    expect(seen.reasons).toContainEqual({ kind: 'gap', text: expect.stringContaining(own) });
  }, 60_000);

  it('the migration stores required skills by catalog names and has stale applications rescored', async () => {
    const student = await signUp(stack, 'student');
    const employer = await signUp(stack, 'employer');
    const added = await student.client.post('/api/users/me/skills', {
      name: 'TypeScript',
      proficiencyLevel: 'Advanced',
    });
    expect(added.status).toBe(201);
    // A project as matching's read model held it before: the aliases as typed.
    const project = await createProject(stack, employer.user.id, { requiredSkills: ['TS', 'ts'], culturalValues: [] });
    const match = await applyWhenKnown(student, project.projectId);
    const db = await openDataSource({ schema: 'matching', url: stack.database.url, migrations: [], poolSize: 1 });
    try {
      const stored = async () =>
        (
          (await db.query(
            'SELECT m.skills_match, p.required_skills FROM matches m JOIN projects p ON p.id = m.project_id WHERE m.id = $1',
            [match.id],
          )) as { skills_match: number; required_skills: string[] }[]
        )[0]!;
      await waitFor(async () => (await stored()).skills_match === 90);
      // Figures as the old keys gave them, with rankings up to date: nothing would rescore them.
      await db.query('UPDATE matches SET skills_match = 0 WHERE id = $1', [match.id]);
      await db.query('UPDATE people SET ranked_version = version WHERE id = $1', [student.user.id]);
      await db.query('UPDATE projects SET ranked_version = version WHERE id = $1', [project.projectId]);

      const runner = db.createQueryRunner();
      await runner.startTransaction();
      await new CatalogSkillKeys1795506298242().up(runner);
      await runner.commitTransaction();
      await runner.release();

      expect((await stored()).required_skills).toEqual(['TypeScript']);
      await waitFor(async () => (await stored()).skills_match === 90, 5000);
    } finally {
      await db.destroy();
    }
  }, 60_000);
});
