import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The system's `closed` status (API.md "Matching", (system)): an application whose project was archived,
 * or that reached a project already paused or archived when it was made, is closed with its reason and
 * the time it was closed. Only closed applications have a reason.
 */
export class ClosedMatches1795483241435 implements MigrationInterface {
  name = 'ClosedMatches1795483241435';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE matches DROP CONSTRAINT matches_status_check');
    await queryRunner.query(`
      ALTER TABLE matches
        ADD CONSTRAINT matches_status_check
          CHECK (status IN ('pending', 'accepted', 'rejected', 'completed', 'withdrawn', 'closed')),
        ADD COLUMN closed_reason text CHECK (closed_reason IN ('project_archived', 'project_unavailable')),
        ADD COLUMN closed_at timestamptz,
        ADD CONSTRAINT matches_closed_has_reason_check
          CHECK ((status = 'closed') = (closed_reason IS NOT NULL AND closed_at IS NOT NULL))`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    // The old schema has no `closed`: such applications are kept as withdrawn (they are over either way).
    await queryRunner.query(
      `UPDATE matches SET status = 'withdrawn', closed_reason = NULL, closed_at = NULL WHERE status = 'closed'`,
    );
    await queryRunner.query(`
      ALTER TABLE matches
        DROP CONSTRAINT matches_closed_has_reason_check,
        DROP COLUMN closed_at,
        DROP COLUMN closed_reason,
        DROP CONSTRAINT matches_status_check,
        ADD CONSTRAINT matches_status_check
          CHECK (status IN ('pending', 'accepted', 'rejected', 'completed', 'withdrawn'))`);
  }
}
