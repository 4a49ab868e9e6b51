import { normalizeSkillName, skillNameWords } from '../catalog/skill-name.js';

/** Below this many characters a substring match is noise ("go" would find Django and MongoDB). */
const SUBSTRING_MIN = 3;
/** Below this many characters no spelling is "near" another. */
const FUZZY_MIN = 4;

/** Relevance, best first. */
export const SearchRank = { Exact: 0, NamePrefix: 1, WordPrefix: 2, Substring: 3, NearSpelling: 4 } as const;

export interface SqlQuery {
  sql: string;
  params: unknown[];
}

/** A keyset position: after this row of the previous page. */
export type SearchPosition = readonly [rank: number, sortName: string, id: string];
export type BrowsePosition = readonly [sortName: string, id: string];

const likeEscape = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

/**
 * The catalog search for `q`, or null when `q` holds nothing searchable. Every branch of the filter
 * is one the trigram GIN index on `search_text` answers: word prefixes (`% type%`, any length: the
 * index pads word starts), substrings from 3 characters, near spellings (`<%`) from 4. The rank only
 * orders what the filter found. `trigramSchema` is where pg_trgm's operators live (quoted).
 */
export function skillSearchQuery(
  q: string,
  limit: number,
  after: SearchPosition | undefined,
  trigramSchema: string,
): SqlQuery | null {
  const key = normalizeSkillName(q);
  const words = skillNameWords(q);
  const forms = [...new Set([words, key].filter(Boolean))];
  if (forms.length === 0) return null;
  const params: unknown[] = [];
  const param = (value: unknown) => `$${params.push(value)}`;
  const anyLike = (patterns: string[]) =>
    `(${patterns.map((pattern) => `search_text LIKE ${param(pattern)}`).join(' OR ')})`;
  const long = Math.max(...forms.map((form) => form.length)) >= SUBSTRING_MIN;
  const wordPrefix = anyLike(forms.map((form) => `% ${likeEscape(form)}%`));
  const substring = long ? anyLike(forms.map((form) => `%${likeEscape(form)}%`)) : 'false';
  const filters = [long ? substring : wordPrefix];
  if (words.length >= FUZZY_MIN) filters.push(`${param(words)} OPERATOR(${trigramSchema}.<%) search_text`);
  const rank = `CASE
      WHEN match_keys @> ARRAY[${param(key)}::text] THEN ${SearchRank.Exact}
      WHEN name_key LIKE ${param(`${likeEscape(key)}%`)} THEN ${SearchRank.NamePrefix}
      WHEN ${wordPrefix} THEN ${SearchRank.WordPrefix}
      WHEN ${substring} THEN ${SearchRank.Substring}
      ELSE ${SearchRank.NearSpelling}
    END`;
  const keyset = after
    ? `WHERE (rank, sort_name, id) > (${param(after[0])}::int, ${param(after[1])}::text, ${param(after[2])}::uuid)`
    : '';
  return {
    sql: `SELECT id, name, category, sort_name, rank FROM (
        SELECT id, name, category, lower(name) AS sort_name, ${rank} AS rank
          FROM skills
         WHERE source = 'catalog' AND (${filters.join(' OR ')})
      ) ranked
      ${keyset}
      ORDER BY rank, sort_name, id
      LIMIT ${param(limit + 1)}`,
    params,
  };
}

/** The whole catalog alphabetically, through the (lower(name), id) index. */
export function skillBrowseQuery(limit: number, after: BrowsePosition | undefined): SqlQuery {
  return {
    sql: `SELECT id, name, category, lower(name) AS sort_name
        FROM skills
       WHERE source = 'catalog' ${after ? 'AND (lower(name), id) > ($2::text, $3::uuid)' : ''}
       ORDER BY lower(name), id
       LIMIT $1`,
    params: after ? [limit + 1, ...after] : [limit + 1],
  };
}
