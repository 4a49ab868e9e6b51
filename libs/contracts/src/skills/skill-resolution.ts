import { type CatalogSkill, skillCatalog } from './catalog.js';
import { cleanSkillName, normalizeSkillName } from './skill-name.js';

/**
 * Typed skill names resolved through the catalog's names and aliases, the same way in every service:
 * portfolio files a student's skill under it, projects stores an employer's required skills by it,
 * matching compares both sides by it. The catalog is code (catalog.ts), so no service asks another.
 *
 * A name or alias of the catalog ("JS", "java script", "JavaScript") means that catalog skill; any
 * other text stays what was typed (cleaned), compared by normalizeSkillName. A catalog name is kept
 * as typed even when it is the same as another skill for matching ("User Research", catalogMatchId).
 */
const byKey = new Map<string, CatalogSkill>();
for (const skill of skillCatalog) {
  for (const text of [skill.name, ...skill.aliases]) {
    const key = normalizeSkillName(text);
    if (key && !byKey.has(key)) byKey.set(key, skill);
  }
}

/** The catalog skill whose name or alias this is, ignoring case, accents, spacing and punctuation. */
export function findCatalogSkill(name: string): CatalogSkill | undefined {
  return byKey.get(normalizeSkillName(name));
}

/**
 * The id matching compares a catalog name or alias by: the skill's own id, or the id of the skill it
 * is the same as ("User Research" → UX Research's); undefined for text the catalog does not know.
 */
export function catalogMatchId(name: string): string | undefined {
  const skill = findCatalogSkill(name);
  return skill && (skill.sameAs ?? skill.id);
}

/** A name as it is stored: the catalog's own name for a catalog name or alias, else the cleaned text. */
export function canonicalSkillName(name: string): string {
  return findCatalogSkill(name)?.name ?? cleanSkillName(name);
}

/**
 * Required skills as stored: each by its canonical name, in the order given, once (`JS` and
 * `JavaScript` are one), without names that hold no letter or digit.
 */
export function canonicalSkillNames(names: readonly string[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const name of names) {
    const canonical = canonicalSkillName(name);
    const key = normalizeSkillName(canonical);
    if (!key || seen.has(key)) continue;
    seen.add(key);
    out.push(canonical);
  }
  return out;
}
