import type { MigrationInterface, QueryRunner } from 'typeorm';

/** An application's pitch (API.md "Matching": why you, at most 1000 characters, shown to the employer). */
export class MatchPitch1795493906731 implements MigrationInterface {
  name = 'MatchPitch1795493906731';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      'ALTER TABLE matches ADD COLUMN pitch text CONSTRAINT matches_pitch_length_check CHECK (char_length(pitch) <= 1000)',
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE matches DROP COLUMN pitch');
  }
}
