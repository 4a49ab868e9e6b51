import { canonicalSkillNames } from '@projectory/contracts';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Skills meet on the catalog (issue 17): skill keys now resolve catalog names and aliases to the
 * catalog skill (scoring/normalize.ts). The projects' required skills in this read model take the
 * catalog's names, as the projects service now stores them ("JS" → "JavaScript"), and every ranking
 * is marked stale, so that the rematch jobs rescore rankings and applications with the new keys
 * (the reconciler finds them: ranked_version < version).
 */
export class CatalogSkillKeys1795506298242 implements MigrationInterface {
  name = 'CatalogSkillKeys1795506298242';

  async up(queryRunner: QueryRunner): Promise<void> {
    const rows = (await queryRunner.query(
      'SELECT id, required_skills FROM projects WHERE cardinality(required_skills) > 0',
    )) as { id: string; required_skills: string[] }[];
    const changed = rows
      .map((row) => ({ id: row.id, skills: canonicalSkillNames(row.required_skills), before: row.required_skills }))
      .filter(({ skills, before }) => skills.length !== before.length || skills.some((name, i) => name !== before[i]))
      .map(({ id, skills }) => ({ id, skills }));
    if (changed.length > 0) {
      await queryRunner.query(
        `UPDATE projects p SET required_skills = c.skills
           FROM jsonb_to_recordset($1::jsonb) AS c(id uuid, skills text[])
          WHERE p.id = c.id`,
        [JSON.stringify(changed)],
      );
    }
    await queryRunner.query(
      `UPDATE projects SET version = version + 1, changed_xid = pg_current_xact_id(), updated_at = now()
        WHERE is_active AND archived_at IS NULL`,
    );
    await queryRunner.query(
      `UPDATE people SET version = version + 1, changed_xid = pg_current_xact_id(), updated_at = now()
        WHERE role = 'student'`,
    );
  }

  async down(): Promise<void> {
    // The typed spellings are gone; the catalog's names mean the same skills.
  }
}
