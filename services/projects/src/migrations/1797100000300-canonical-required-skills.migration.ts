import { canonicalSkillNames } from '@projectory/contracts';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Required skills are stored by the skill catalog's names (issue 17, "Skills meet on the catalog"):
 * an alias an employer typed before ("JS") becomes the catalog's name ("JavaScript"), duplicates
 * that now fold together go, free text stays. Matching's own migration does the same to its copy
 * and rescoring follows there.
 */
export class CanonicalRequiredSkills1797100000300 implements MigrationInterface {
  name = 'CanonicalRequiredSkills1797100000300';

  async up(queryRunner: QueryRunner): Promise<void> {
    await canonicalizeRequiredSkills(queryRunner, 'projects');
  }

  async down(): Promise<void> {
    // The typed spellings are gone; the canonical names mean the same skills.
  }
}

/** Rewrites `table.required_skills` by canonicalSkillNames, in one statement for the changed rows. */
export async function canonicalizeRequiredSkills(queryRunner: QueryRunner, table: string): Promise<number> {
  const rows = (await queryRunner.query(
    `SELECT id, required_skills FROM ${table} WHERE cardinality(required_skills) > 0`,
  )) as { id: string; required_skills: string[] }[];
  const changed = rows
    .map((row) => ({ id: row.id, skills: canonicalSkillNames(row.required_skills), before: row.required_skills }))
    .filter((row) => row.skills.length !== row.before.length || row.skills.some((name, i) => name !== row.before[i]))
    .map(({ id, skills }) => ({ id, skills }));
  if (changed.length === 0) return 0;
  await queryRunner.query(
    `UPDATE ${table} t SET required_skills = c.skills
       FROM jsonb_to_recordset($1::jsonb) AS c(id uuid, skills text[])
      WHERE t.id = c.id`,
    [JSON.stringify(changed)],
  );
  return changed.length;
}
