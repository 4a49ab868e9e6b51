/**
 * How skill names compare, for every service: portfolio keys its skills table with it, and
 * skill-resolution.ts resolves names and aliases through the catalog with it (projects, matching).
 *
 * Changing it changes stored keys (`skills.name_key`, `match_keys`, `search_text`): ship a migration
 * that recomputes them with the new version.
 */

/**
 * The comparison key of a skill name: accents, case, spaces and punctuation do not count, `+`, `#`
 * and `&` do. "Node.js", "nodejs" and "Node JS" give `nodejs`; "C++", "C#" and "C" stay three
 * skills; "Sales & Marketing" equals "Sales and Marketing". An empty key means "no name at all".
 */
export function normalizeSkillName(name: string): string {
  return foldCase(name)
    .replace(/&/g, 'and')
    .replace(/[^\p{L}\p{N}+#]+/gu, '');
}

/** The words of a name, lower-cased and separated by single spaces ("UI/UX Design" → "ui ux design"). */
export function skillNameWords(name: string): string {
  return foldCase(name)
    .replace(/[^\p{L}\p{N}+#]+/gu, ' ')
    .trim();
}

/** A name as a user typed it, made fit to show: Unicode-composed, no control or format characters, single spaces. */
export function cleanSkillName(name: string): string {
  return name
    .normalize('NFC')
    .replace(/\s+/g, ' ')
    .replace(/[\p{Cc}\p{Cf}]+/gu, '')
    .trim();
}

function foldCase(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase();
}

export interface SkillKeys {
  /** normalizeSkillName(name): one skill per key. */
  nameKey: string;
  /** The keys of the name and of every alias: what a typed name is looked up by. */
  matchKeys: string[];
  /**
   * The words of the name and aliases, then every key, each after one space: what the trigram index
   * serves ("% type%" is a word prefix, "%script%" a substring, typos by similarity).
   */
  searchText: string;
}

export function skillKeys(name: string, aliases: readonly string[] = []): SkillKeys {
  const nameKey = normalizeSkillName(name);
  const matchKeys = unique([nameKey, ...aliases.map(normalizeSkillName)]);
  const words = unique([name, ...aliases].map(skillNameWords));
  return { nameKey, matchKeys, searchText: ` ${unique([...words, ...matchKeys]).join(' ')}` };
}

const unique = (values: string[]) => [...new Set(values.filter(Boolean))];
