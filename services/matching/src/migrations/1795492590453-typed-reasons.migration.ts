import { sqlMigration } from '@projectory/platform';

/**
 * Reasons become `{ kind, text }` (API.md "Matching"). Stored plain strings are classified as the scorer
 * now classifies the same sentence: what is missing or not shared is a gap, what was not counted is
 * neutral, a work style by its percentage, the rest (shared values, skills the student has) a strength.
 * The rematch jobs rewrite every reason anyway on the pair's next change; this keeps old rows readable
 * until then. The old neutral wording ("counted as neutral") is classified as neutral too.
 */
export const TypedReasons1795492590453 = sqlMigration('TypedReasons1795492590453', {
  up: [
    `
      UPDATE matches m SET reasons = typed.reasons
      FROM (
        SELECT id, coalesce(jsonb_agg(
          CASE WHEN jsonb_typeof(reason) <> 'string' THEN reason
          ELSE jsonb_build_object('kind', CASE
              WHEN reason #>> '{}' ~ '^(Missing|Has none of|Shares none of|Take the culture assessment)' THEN 'gap'
              WHEN reason #>> '{}' ~ '^(Culture fit|Skill match) (counted as neutral|not counted)' THEN 'neutral'
              WHEN reason #>> '{}' ~ '^Work style [0-9]+% aligned' THEN CASE
                WHEN substring(reason #>> '{}' FROM '^Work style ([0-9]+)%')::int >= 60 THEN 'strength'
                WHEN substring(reason #>> '{}' FROM '^Work style ([0-9]+)%')::int < 40 THEN 'gap'
                ELSE 'neutral' END
              ELSE 'strength' END,
            'text', reason #>> '{}')
          END ORDER BY position), '[]'::jsonb) AS reasons
        FROM matches, jsonb_array_elements(matches.reasons) WITH ORDINALITY AS r (reason, position)
        GROUP BY id
      ) typed
      WHERE m.id = typed.id`,
  ],
  down: [
    `
      UPDATE matches m SET reasons = plain.reasons
      FROM (
        SELECT id, jsonb_agg(CASE WHEN jsonb_typeof(reason) = 'object' THEN reason -> 'text' ELSE reason END
          ORDER BY position) AS reasons
        FROM matches, jsonb_array_elements(matches.reasons) WITH ORDINALITY AS r (reason, position)
        GROUP BY id
      ) plain
      WHERE m.id = plain.id`,
  ],
});
