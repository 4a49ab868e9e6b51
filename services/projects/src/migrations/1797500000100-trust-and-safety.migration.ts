import { scamFlags } from '@projectory/contracts';
import type { MigrationInterface, QueryRunner } from 'typeorm';

const BATCH = 1000;

/**
 * Trust and safety (API.md): the employers' verification level in the people read model (identity's
 * UserUpdated carries it from now on; 'none' until then, as every employer was), and each project's
 * auto-flags (`scamFlags` of its title, description and exchange details), computed for the projects
 * stored before, a batch at a time.
 */
export class TrustAndSafety1797500000100 implements MigrationInterface {
  name = 'TrustAndSafety1797500000100';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE people ADD COLUMN verification text NOT NULL DEFAULT 'none'
         CHECK (verification IN ('none', 'domain', 'registered'))`,
    );
    await queryRunner.query(`ALTER TABLE projects ADD COLUMN flags text[] NOT NULL DEFAULT '{}'`);
    let after = '00000000-0000-0000-0000-000000000000';
    for (;;) {
      const rows = (await queryRunner.query(
        `SELECT id, title, description, exchange_description FROM projects WHERE id > $1 ORDER BY id LIMIT ${BATCH}`,
        [after],
      )) as { id: string; title: string; description: string; exchange_description: string | null }[];
      if (rows.length === 0) break;
      const flagged = rows
        .map((row) => ({ id: row.id, flags: scamFlags(row.title, row.description, row.exchange_description) }))
        .filter((row) => row.flags.length > 0);
      if (flagged.length > 0) {
        await queryRunner.query(
          `UPDATE projects p SET flags = f.flags
             FROM jsonb_to_recordset($1::jsonb) AS f(id uuid, flags text[])
            WHERE p.id = f.id`,
          [JSON.stringify(flagged)],
        );
      }
      after = rows.at(-1)!.id;
    }
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE projects DROP COLUMN flags');
    await queryRunner.query('ALTER TABLE people DROP COLUMN verification');
  }
}
