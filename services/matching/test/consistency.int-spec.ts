import { randomBytes } from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';
import { expect, it } from '@jest/globals';
import {
  type AdvancedMatches,
  type Collection,
  CORE_VALUES,
  type Dashboard,
  type Match,
  type ProficiencyLevel,
  type ProjectFits,
  type RecommendedProject,
} from '@projectory/contracts';
import { useApiStack } from '@projectory/api-stack';
import { describeWithInfra, waitFor } from '@projectory/testing';
import fc from 'fast-check';
import { explainPair } from '../src/scoring/index.js';
import {
  applyWhenKnown,
  completeAssessment,
  createProject,
  type Person,
  projectProfile,
  setSkills,
  signUp,
  studentProfile,
  VECTOR,
} from './matching-fixtures.js';

/** API.md: within 2 seconds of a skill change, every surface shows the new score. */
const FRESHNESS_MS = 2000;

const SKILLS = ['Figma', 'React', 'SQL', 'Rust', 'Sketch'];
const levels: ProficiencyLevel[] = ['Beginner', 'Intermediate', 'Advanced'];
const skillList = fc.uniqueArray(fc.tuple(fc.integer({ min: 0, max: SKILLS.length - 1 }), fc.constantFrom(...levels)), {
  selector: ([index]) => index,
  maxLength: SKILLS.length,
});
const scenario = fc.record({
  values: fc.uniqueArray(fc.constantFrom(...CORE_VALUES.map((value) => value.value)), { maxLength: 3 }),
  assessed: fc.boolean(),
  skills: skillList,
  changedSkills: skillList,
  required: fc.uniqueArray(fc.integer({ min: 0, max: SKILLS.length - 1 }), { maxLength: 4 }),
  projectValues: fc.uniqueArray(fc.constantFrom(...CORE_VALUES.map((value) => value.label)), { maxLength: 4 }),
});
type Scenario = typeof scenario extends fc.Arbitrary<infer S> ? S : never;

await describeWithInfra(['postgres'], 'one score everywhere (property)', () => {
  const stack = useApiStack(['matching', 'identity']);

  const json = async <T>(person: Person, path: string): Promise<T> => {
    const response = await person.client.get(path);
    expect([path, response.status]).toEqual([path, 200]);
    return response.json<T>();
  };

  /** The pair's figures on every surface that shows them; undefined where a surface does not list the pair. */
  async function surfaces(student: Person, employer: Person, projectId: string) {
    const figures = (item: { matchScore: number; skillsMatch: number; cultureMatch: number; reasons: unknown }) => ({
      matchScore: item.matchScore,
      skillsMatch: item.skillsMatch,
      cultureMatch: item.cultureMatch,
      reasons: item.reasons,
    });
    const mine = await json<Collection<Match>>(student, '/api/matches/me');
    const theirs = await json<Collection<Match>>(employer, `/api/matches/me?projectId=${projectId}`);
    const fit = await json<ProjectFits>(student, `/api/matches/fit?projectIds=${projectId}`);
    let recommended: RecommendedProject | undefined;
    for (let cursor: string | null | undefined; !recommended && cursor !== null;) {
      const page: Collection<RecommendedProject> = await json(
        student,
        `/api/matches/recommendations?limit=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
      );
      recommended = page.items.find((project) => project.id === projectId);
      cursor = page.nextCursor;
    }
    const advanced = await json<AdvancedMatches>(student, `/api/matches/advanced/${student.user.id}`);
    const ranked = advanced.projectMatches.find((match) => match.project.id === projectId);
    const dashboard = await json<Dashboard>(student, '/api/dashboard');
    const recent = (dashboard.recentMatches ?? []).find((match) => match.projectTitle !== undefined);
    return {
      studentSide: figures(mine.items[0]!),
      employerSide: figures(theirs.items[0]!),
      fit: figures(fit.items[0]!),
      recommended: recommended && figures(recommended),
      advanced: ranked && {
        matchScore: ranked.overallScore,
        skillsMatch: ranked.skillMatch,
        cultureMatch: ranked.cultureScore,
        reasons: ranked.reasons,
      },
      dashboard: recent?.matchScore,
    };
  }

  /**
   * Waits until every surface shows the expected score and reasons: a change that keeps the score (one
   * required skill swapped for the other) must not pass on a surface that still shows the old reasons.
   */
  async function expectEverywhere(
    student: Person,
    employer: Person,
    projectId: string,
    { overall, reasons }: { overall: number; reasons: unknown },
  ) {
    const seen = await waitFor(async () => {
      const found = await surfaces(student, employer, projectId);
      const current = (side: { matchScore: number; reasons: unknown } | undefined) =>
        side === undefined || (side.matchScore === overall && isDeepStrictEqual(side.reasons, reasons));
      return (
        found.dashboard === overall &&
        [found.studentSide, found.employerSide, found.fit, found.recommended, found.advanced].every(current) &&
        found
      );
    }, FRESHNESS_MS);
    expect(seen.employerSide).toEqual(seen.studentSide);
    expect(seen.fit).toEqual(seen.studentSide);
    expect(seen.recommended).toEqual(seen.studentSide);
    if (seen.advanced) expect(seen.advanced).toEqual(seen.studentSide);
    expect(seen.dashboard).toBe(seen.studentSide.matchScore);
  }

  it('shows the same scores and reasons on every surface, and a skill change everywhere within 2 s', async () => {
    await fc.assert(
      fc.asyncProperty(scenario, async (s: Scenario) => {
        // Skill names of this run only: other runs' projects share none, so this pair's numbers are its own.
        const suffix = randomBytes(3).toString('hex');
        const name = (index: number) => `${SKILLS[index]}${suffix}`;
        const named = (list: Scenario['skills']) =>
          list.map(([index, level]): [string, ProficiencyLevel] => [name(index), level]);
        const student = await signUp(stack, 'student');
        const employer = await signUp(stack, 'employer');
        const values = s.assessed ? s.values : [];
        if (s.assessed) await completeAssessment(stack, student.user, values);
        await setSkills(stack, student.user.id, named(s.skills));
        const project = await createProject(stack, employer.user.id, {
          requiredSkills: s.required.map(name),
          culturalValues: s.projectValues,
        });
        const expect0 = explainPair(
          studentProfile(student.user.id, values, s.assessed ? VECTOR : null, named(s.skills)),
          projectProfile(project),
        );
        const match = await applyWhenKnown(student, project.projectId);
        // The application may have been made before the skills or the assessment arrived: it catches up.
        await expectEverywhere(student, employer, project.projectId, expect0);
        expect(match.appliedScore).toBe(match.matchScore);

        await setSkills(stack, student.user.id, named(s.changedSkills));
        const expect1 = explainPair(
          studentProfile(student.user.id, values, s.assessed ? VECTOR : null, named(s.changedSkills)),
          projectProfile(project),
        );
        await expectEverywhere(student, employer, project.projectId, expect1);
        const after = await json<Match>(student, `/api/matches/${match.id}`);
        expect(after).toMatchObject({
          matchScore: expect1.overall,
          reasons: expect1.reasons,
          appliedScore: match.appliedScore,
        });
      }),
      { numRuns: 8 },
    );
  });
});
