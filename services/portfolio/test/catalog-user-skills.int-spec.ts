import { afterAll, beforeAll, expect, it } from '@jest/globals';
import { migrateService, openDataSource } from '@projectory/platform';
import { createTestDatabase, describeWithInfra, TEST_INTERNAL_SECRET, type TestDatabase } from '@projectory/testing';
import { randomUUID } from 'node:crypto';
import type { DataSource } from 'typeorm';
import { skillCatalog } from '../src/catalog/skills.catalog.js';
import { CatalogUserSkills1795506400000 } from '../src/migrations/1795506400000-catalog-user-skills.migration.js';
import { portfolioService } from '../src/index.js';

const catalogId = (name: string) => skillCatalog.find((skill) => skill.name === name)!.id;

// Skills users added under a catalog name or alias (before that catalog version) become the catalog skill.
await describeWithInfra(['postgres'], 'migration: user skills that are catalog names or aliases', () => {
  let database: TestDatabase;
  let db: DataSource;

  beforeAll(async () => {
    database = await createTestDatabase();
    await migrateService(portfolioService, { DATABASE_URL: database.url, INTERNAL_SECRET: TEST_INTERNAL_SECRET });
    db = await openDataSource({ schema: 'portfolio', url: database.url, migrations: [], poolSize: 1 });
  }, 30_000);

  afterAll(async () => {
    await db?.destroy();
    await database?.drop();
  });

  const userSkill = async (name: string, nameKey: string) =>
    (
      (await db.query(
        `INSERT INTO skills (name, category, name_key, match_keys, search_text, source)
         VALUES ($1, 'Other', $2, ARRAY[$2], ' ' || $2, 'user') RETURNING id`,
        [name, nameKey],
      )) as { id: string }[]
    )[0]!.id;
  const give = (userId: string, skillId: string, level: string, verified: boolean) =>
    db.query('INSERT INTO user_skills (user_id, skill_id, proficiency_level, verified) VALUES ($1, $2, $3, $4)', [
      userId,
      skillId,
      level,
      verified,
    ]);
  const skillsOf = async (userId: string) =>
    (await db.query(
      `SELECT s.id, s.name, s.source, us.proficiency_level AS level, us.verified
         FROM user_skills us JOIN skills s ON s.id = us.skill_id WHERE us.user_id = $1 ORDER BY s.name`,
      [userId],
    )) as { id: string; name: string; source: string; level: string; verified: boolean }[];

  it('moves entries to the catalog skill, merges doubles, seeds what the name blocked, keeps free text', async () => {
    // A catalog skill that a user's 'Other' skill of the same name kept from being seeded.
    await db.query('DELETE FROM skills WHERE id = $1', [catalogId('Patient Care')]);
    const patientCare = await userSkill('patient care', 'patientcare');
    // An alias stored as a skill of its own, and free text the catalog does not know.
    const golang = await userSkill('Golang', 'golang');
    const weaving = await userSkill('Basket Weaving', 'basketweaving');
    const [alice, bob] = [randomUUID(), randomUUID()];
    await give(alice, patientCare, 'Intermediate', false);
    await give(alice, weaving, 'Beginner', false);
    await give(bob, golang, 'Advanced', true);
    await give(bob, catalogId('Go'), 'Beginner', false);

    const runner = db.createQueryRunner();
    await runner.startTransaction();
    await new CatalogUserSkills1795506400000().up(runner);
    await runner.commitTransaction();
    await runner.release();

    expect(await skillsOf(alice)).toEqual([
      { id: weaving, name: 'Basket Weaving', source: 'user', level: 'Beginner', verified: false },
      {
        id: catalogId('Patient Care'),
        name: 'Patient Care',
        source: 'catalog',
        level: 'Intermediate',
        verified: false,
      },
    ]);
    // One entry for the one skill: the better level, verified as the alias entry was.
    expect(await skillsOf(bob)).toEqual([
      { id: catalogId('Go'), name: 'Go', source: 'catalog', level: 'Advanced', verified: true },
    ]);
    const left = (await db.query('SELECT id FROM skills WHERE id = ANY($1::uuid[])', [[patientCare, golang]])) as [];
    expect(left).toEqual([]);
    // Both users' lists are announced again.
    const announced = (await db.query(
      "SELECT key, envelope FROM outbox WHERE type = 'portfolio.user-skills.updated' ORDER BY key",
    )) as { key: string; envelope: { payload: { skills: { name: string }[] } } }[];
    expect(announced.map((row) => [row.key, row.envelope.payload.skills.map((skill) => skill.name).sort()])).toEqual(
      [
        [alice, ['Basket Weaving', 'Patient Care']],
        [bob, ['Go']],
      ].sort((a, b) => String(a[0]).localeCompare(String(b[0]))),
    );
  });
});
