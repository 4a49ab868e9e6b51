import { afterAll, beforeAll, expect, it } from '@jest/globals';
import { migrateService } from '@projectory/platform';
import { createTestDatabase, describeWithInfra, TEST_INTERNAL_SECRET, type TestDatabase } from '@projectory/testing';
import { projectsService } from '../src/index.js';

// `npm run migrate` (distributed mode) runs migrateService for every service against a fresh database.
await describeWithInfra(['postgres'], 'migrateService (npm run migrate)', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database.drop();
  });

  it('applies the migrations to a fresh database once, and nothing the second time', async () => {
    const env = { DATABASE_URL: database.url, INTERNAL_SECRET: TEST_INTERNAL_SECRET };
    const applied = await migrateService(projectsService, env);
    expect(applied.length).toBeGreaterThan(0);
    expect(await migrateService(projectsService, env)).toEqual([]);
  }, 20_000);
});
