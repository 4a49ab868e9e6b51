import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Project } from '@projectory/contracts';
import { useApiStack } from '@projectory/api-stack';
import { openDataSource } from '@projectory/platform';
import { describeWithInfra, verifyEmployer } from '@projectory/testing';
import type { DataSource } from 'typeorm';
import {
  ProjectRepository,
  type RankedPosition,
  type RankedProjectRow,
} from '../src/repositories/project.repository.js';
import { createProject, type Person, signUp, walk } from './projects-fixtures.js';

// Search ranks in tiers (ADR 0013): the whole query in the title, then some of its words in the
// title, then the description only; newest first within a tier.
await describeWithInfra(['postgres'], 'search relevance', () => {
  const stack = useApiStack(['projects', 'identity']);
  let employer: Person;
  let student: Person;
  const made: Record<string, Project> = {};

  const search = async (q: string, limit = 20) =>
    (await walk(student.client, `/api/projects?q=${encodeURIComponent(q)}&limit=${limit}`)).items.map((p) => p.id);

  beforeAll(async () => {
    employer = await signUp(stack, 'employer');
    student = await signUp(stack, 'student');
    // More projects than an unverified employer may keep active (API.md "Trust and safety").
    await verifyEmployer(stack, employer);
    // Oldest first.
    const projects: [string, string, string][] = [
      ['withoutReact', 'Sales dashboard', 'Weekly figures for the shops.'],
      ['titleOlder', 'React dashboard for sales', 'Charts the sales team looks at every morning.'],
      [
        'deepInDescription',
        'Quarterly planning help',
        'We plan the next quarter with the board and the volunteers, collect the budgets of every team, ' +
          'write the minutes of each meeting and send them round. Near the end we would also like a small ' +
          'dashboard, ideally in React.',
      ],
      ['oneWordInTitle', 'Dashboard cleanup', 'Port the old widgets to React.'],
      ['onlyOneWord', 'React newsletter', 'A monthly mail to our members.'],
      ['titleStemmed', 'Dashboards reacting to live orders', 'For the shop floor.'],
      ['titleNewer', 'A React dashboard for the warehouse', 'Stock levels at a glance.'],
    ];
    for (const [key, title, description] of projects) made[key] = await createProject(employer, { title, description });
  }, 60_000);

  it('puts titles with every word first, then titles with one, then descriptions, newest first in each', async () => {
    const expected = ['titleNewer', 'titleStemmed', 'titleOlder', 'oneWordInTitle', 'deepInDescription'];
    expect(await search('react dashboard')).toEqual(expected.map((key) => made[key]!.id));
    // Page by page (the cursor crosses the tiers), the same order.
    expect(await search('react dashboard', 1)).toEqual(expected.map((key) => made[key]!.id));
    expect(await search('react dashboard', 2)).toEqual(expected.map((key) => made[key]!.id));
  });

  it('refuses a cursor of the ts_rank order (ADR 0008) with 400', async () => {
    const old = Buffer.from(JSON.stringify([0.0607927, '1732500000000000', made.titleOlder!.id])).toString('base64url');
    expect((await student.client.get(`/api/projects?q=react&cursor=${old}`)).status).toBe(400);
  });

  describe('both plans', () => {
    const repository = new ProjectRepository();
    let dataSource: DataSource;

    beforeAll(async () => {
      dataSource = await openDataSource({ schema: 'projects', url: stack.database.url, migrations: [], poolSize: 1 });
    });

    afterAll(async () => {
      await dataSource?.destroy();
    });

    /** Every match of `q` through one plan, `limit` a page. */
    async function walkPlan(q: string, plan: 'sorted' | 'tiers', limit: number) {
      const ids: string[] = [];
      let after: RankedPosition | undefined;
      for (;;) {
        const rows: RankedProjectRow[] = await repository.search(dataSource, { q }, limit, after, plan);
        ids.push(...rows.slice(0, limit).map((row) => row.id));
        if (rows.length <= limit) return ids;
        const last = rows[limit - 1]!;
        after = [last.tier, last.cursor_micros, last.id];
      }
    }

    it.each([
      'react dashboard',
      'dashboards react sales',
      '"react dashboard"',
      'react or newsletter',
      'react -newsletter',
      'react -"live orders"',
      'the dashboard',
      'dashboard',
      'dashboard -react',
      '-react',
    ])('find what the text matches, in the same order, page by page: %j', async (q) => {
      const matches = await dataSource.query<{ id: string }[]>(
        `SELECT id FROM projects WHERE is_active AND archived_at IS NULL
           AND search @@ websearch_to_tsquery('english', $1)`,
        [q],
      );
      const sorted = await walkPlan(q, 'sorted', 2);
      expect(new Set(sorted)).toEqual(new Set(matches.map((row) => row.id)));
      expect(sorted).toHaveLength(matches.length);
      expect(await walkPlan(q, 'tiers', 2)).toEqual(sorted);
      expect(await walkPlan(q, 'tiers', 1)).toEqual(sorted);
    });
  });
});
