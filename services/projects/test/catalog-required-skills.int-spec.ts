import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from '@jest/globals';
import { migrateService, openDataSource } from '@projectory/platform';
import { createTestDatabase, describeWithInfra, TEST_INTERNAL_SECRET, type TestDatabase } from '@projectory/testing';
import type { DataSource } from 'typeorm';
import { CanonicalRequiredSkills1797100000300 } from '../src/migrations/1797100000300-canonical-required-skills.migration.js';
import { projectsService } from '../src/index.js';

// Required skills stored as typed before skills met on the catalog take the catalog's names.
await describeWithInfra(['postgres'], 'migration: required skills by catalog names', () => {
  let database: TestDatabase;
  let db: DataSource;

  beforeAll(async () => {
    database = await createTestDatabase();
    await migrateService(projectsService, { DATABASE_URL: database.url, INTERNAL_SECRET: TEST_INTERNAL_SECRET });
    db = await openDataSource({ schema: 'projects', url: database.url, migrations: [], poolSize: 1 });
  }, 30_000);

  afterAll(async () => {
    await db?.destroy();
    await database?.drop();
  });

  const insert = async (requiredSkills: string[]) =>
    (
      (await db.query(
        `INSERT INTO projects (employer_id, title, description, exchange_type, required_skills)
         VALUES ($1, 'A project', 'Build something.', 'mentorship', $2) RETURNING id`,
        [randomUUID(), requiredSkills],
      )) as { id: string }[]
    )[0]!.id;
  const skillsOf = async (id: string) =>
    (
      (await db.query('SELECT required_skills FROM projects WHERE id = $1', [id])) as { required_skills: string[] }[]
    )[0]!.required_skills;

  it('maps aliases to catalog names, folds doubles, keeps free text and catalog names as they are', async () => {
    const aliases = await insert(['JS', 'javascript', 'Kite rigging', 'User Research', 'golang']);
    const canonical = await insert(['TypeScript', 'Kite rigging']);
    const none = await insert([]);

    const runner = db.createQueryRunner();
    await runner.startTransaction();
    await new CanonicalRequiredSkills1797100000300().up(runner);
    await runner.commitTransaction();
    await runner.release();

    expect(await skillsOf(aliases)).toEqual(['JavaScript', 'Kite rigging', 'User Research', 'Go']);
    expect(await skillsOf(canonical)).toEqual(['TypeScript', 'Kite rigging']);
    expect(await skillsOf(none)).toEqual([]);
  });
});
