import { sqlMigration } from '@projectory/platform';

/** The candidate profile's fields (API.md "Identity"): school, major, graduation year and up to five links. */
export const ProfileFields1795600000000 = sqlMigration('ProfileFields1795600000000', {
  up: [
    `
      ALTER TABLE users
        ADD COLUMN school text,
        ADD COLUMN major text,
        ADD COLUMN graduation_year int CHECK (graduation_year BETWEEN 1950 AND 2100),
        ADD COLUMN links jsonb NOT NULL DEFAULT '[]'::jsonb
          CHECK (jsonb_typeof(links) = 'array' AND jsonb_array_length(links) <= 5)`,
  ],
  down: ['ALTER TABLE users DROP COLUMN links, DROP COLUMN graduation_year, DROP COLUMN major, DROP COLUMN school'],
});
