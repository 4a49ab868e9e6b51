import { sqlMigration } from '@projectory/platform';

/**
 * Each employer's response figures (API.md `Project.employer`), as matching last announced them
 * (matching.employer.responsiveness-changed); `computed_at` keeps the newest. No row: a new employer.
 */
export const EmployerResponsiveness1797100000400 = sqlMigration('EmployerResponsiveness1797100000400', {
  up: [
    `
      CREATE TABLE employer_responsiveness (
        employer_id uuid PRIMARY KEY,
        median_response_hours double precision,
        response_rate smallint,
        computed_at timestamptz NOT NULL
      )`,
  ],
  down: ['DROP TABLE employer_responsiveness'],
});
