import { findCatalogSkill, UserSkillsUpdatedV1 } from '@projectory/contracts';
import { OutboxService } from '@projectory/platform';
import type { MigrationInterface, QueryRunner } from 'typeorm';
import { skillCatalog } from '../catalog/skills.catalog.js';
import { toSkillsUpdatedEntry, UserSkillRepository } from '../repositories/user-skill.repository.js';
import { seedCatalog } from './catalog-seed.js';

/**
 * Skills meet on the catalog (issue 17): a skill users added by a name that is a catalog name or
 * alias (added before that catalog version existed, which then could not be seeded under the taken
 * name) becomes the catalog skill. Its users' entries move to the catalog skill; a user holding both
 * keeps one entry, with the higher level, verified if either was, and the portfolio items of both.
 * Each user concerned has their list announced again (UserSkillsUpdated), as every change does.
 */
export class CatalogUserSkills1795506400000 implements MigrationInterface {
  name = 'CatalogUserSkills1795506400000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const rows = (await queryRunner.query("SELECT id, name_key FROM skills WHERE source = 'user'")) as {
      id: string;
      name_key: string;
    }[];
    const moves = rows.flatMap((row) => {
      const skill = findCatalogSkill(row.name_key);
      return skill ? [{ from: row.id, to: skill.id }] : [];
    });
    if (moves.length === 0) return;
    const from = moves.map((move) => move.from);
    const users = (
      (await queryRunner.query('SELECT DISTINCT user_id FROM user_skills WHERE skill_id = ANY($1::uuid[])', [
        from,
      ])) as { user_id: string }[]
    ).map((row) => row.user_id);
    // Frees the names, so that the catalog skills they blocked can be seeded now.
    await queryRunner.query("UPDATE skills SET name_key = 'merged:' || id WHERE id = ANY($1::uuid[])", [from]);
    await seedCatalog(queryRunner, skillCatalog);
    const params = [JSON.stringify(moves)];
    const movesSql = 'jsonb_to_recordset($1::jsonb) AS m("from" uuid, "to" uuid)';
    // A user who holds both: the catalog entry takes the items, the better level and the flag.
    const pairs = `SELECT old.id AS old_id, keep.id AS keep_id, old.proficiency_level AS old_level,
                          old.verified AS old_verified
                     FROM ${movesSql}
                     JOIN user_skills old ON old.skill_id = m."from"
                     JOIN user_skills keep ON keep.skill_id = m."to" AND keep.user_id = old.user_id`;
    await queryRunner.query(
      `UPDATE portfolio_items i SET user_skill_id = p.keep_id FROM (${pairs}) p WHERE i.user_skill_id = p.old_id`,
      params,
    );
    const rank = (level: string) => `array_position(ARRAY['Beginner', 'Intermediate', 'Advanced'], ${level})`;
    await queryRunner.query(
      `UPDATE user_skills keep
          SET proficiency_level = CASE WHEN ${rank('p.old_level')} > ${rank('keep.proficiency_level')}
                                       THEN p.old_level ELSE keep.proficiency_level END,
              verified = keep.verified OR p.old_verified,
              updated_at = now()
         FROM (${pairs}) p WHERE keep.id = p.keep_id`,
      params,
    );
    await queryRunner.query(
      `DELETE FROM user_skills old USING ${movesSql}, user_skills keep
        WHERE old.skill_id = m."from" AND keep.skill_id = m."to" AND keep.user_id = old.user_id`,
      params,
    );
    await queryRunner.query(
      `UPDATE user_skills u SET skill_id = m."to", updated_at = now() FROM ${movesSql} WHERE u.skill_id = m."from"`,
      params,
    );
    await queryRunner.query('DELETE FROM skills WHERE id = ANY($1::uuid[])', [from]);
    const outbox = new OutboxService('portfolio', 'portfolio');
    const userSkills = new UserSkillRepository();
    for (const userId of users) {
      const rows = await userSkills.all(queryRunner.manager, userId);
      await outbox.add(queryRunner.manager, UserSkillsUpdatedV1, userId, {
        userId,
        skills: rows.map(toSkillsUpdatedEntry),
        updatedAt: new Date().toISOString(),
      });
    }
  }

  async down(): Promise<void> {
    // The merged entries are one skill now; nothing to split back.
  }
}
