import { sqlMigration } from '@projectory/platform';

export const AssessmentTables1732310000000 = sqlMigration('AssessmentTables1732310000000', {
  up: [
    `
      CREATE TABLE assessment_results (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id uuid NOT NULL,
        role text NOT NULL CHECK (role IN ('student', 'employer', 'admin')),
        version text NOT NULL,
        responses jsonb NOT NULL,
        vector double precision[] NOT NULL,
        core_values text[] NOT NULL,
        completed_at timestamptz NOT NULL,
        superseded_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now()
      )`,
    // The current result: one per user, found by the index itself.
    'CREATE UNIQUE INDEX assessment_results_current_idx ON assessment_results (user_id) WHERE superseded_at IS NULL',
  ],
  down: ['DROP TABLE assessment_results'],
});
