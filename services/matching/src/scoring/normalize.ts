import { catalogMatchId, CORE_VALUES, CULTURE_DIMENSIONS, type ProficiencyLevel } from '@projectory/contracts';

/**
 * Turning what people typed into what the scorer compares (docs/matching-algorithm.md, "Matching
 * names"): skill names into canonical keys, value tags into core-value bits, proficiency into integer
 * tenths, culture vectors into single-precision numbers in 0–1.
 */

// ---------------------------------------------------------------------------------------------
// Skills

/**
 * For text the skill catalog does not name (its names and aliases are resolved first): whole-key
 * synonyms, applied to the key after case, spacing and punctuation are gone ("Node.js" → "nodejs" →
 * "node"). Keys on the left, the canonical key on the right; a canonical key maps to itself
 * implicitly.
 */
const SKILL_SYNONYMS: Record<string, string> = {
  js: 'javascript',
  ecmascript: 'javascript',
  es6: 'javascript',
  vanillajs: 'javascript',
  ts: 'typescript',
  postgres: 'postgresql',
  postgre: 'postgresql',
  psql: 'postgresql',
  pgsql: 'postgresql',
  nodejs: 'node',
  reactjs: 'react',
  vuejs: 'vue',
  nextjs: 'next',
  expressjs: 'express',
  nestjs: 'nest',
  ml: 'machinelearning',
  dl: 'deeplearning',
  ai: 'artificialintelligence',
  nlp: 'naturallanguageprocessing',
  userexperience: 'uxdesign',
  userinterface: 'uidesign',
  k8s: 'kubernetes',
  golang: 'go',
  py: 'python',
  python3: 'python',
  cpp: 'cplusplus',
  mongo: 'mongodb',
  gcp: 'googlecloud',
  googlecloudplatform: 'googlecloud',
  amazonwebservices: 'aws',
  html5: 'html',
  css3: 'css',
  sklearn: 'scikitlearn',
  restful: 'restapi',
  rest: 'restapi',
  restapis: 'restapi',
  msexcel: 'excel',
  microsoftexcel: 'excel',
};

/** Keys ending in "js" that name something else than the stem ("AngularJS" is not Angular). */
const KEEP_JS_SUFFIX = new Set(['angularjs', 'js']);

const skillKeyCache = new Map<string, string>();
const SKILL_KEY_CACHE_LIMIT = 100_000;

/**
 * The canonical key of a skill name. A name or alias of the skill catalog (@projectory/contracts
 * skill-resolution.ts: "JS", "java script", "JavaScript") gives that catalog skill's id, so what an
 * employer types and what a student lists meet on one skill; a catalog skill that is the same as
 * another ("User Research", `sameAs` UX Research) gives the other's id. Other text gives a text key: case,
 * accents, spacing and punctuation do not matter ("Node.js", "node js", "NodeJS"), "+" and "#" do
 * ("C", "C++" → "cplusplus", "C#" → "csharp"), a small synonym table folds abbreviations; a text key
 * that is itself a catalog name or alias ("ES6" → "javascript") again gives the catalog id. Text keys
 * hold only a–z and 0–9, ids hold "-": the two never collide. An empty key means nothing to match on.
 */
export function skillKey(name: string): string {
  const cached = skillKeyCache.get(name);
  if (cached !== undefined) return cached;
  const text = textKey(name);
  const key = catalogMatchId(name) ?? (text ? catalogMatchId(text) : undefined) ?? text;
  if (skillKeyCache.size >= SKILL_KEY_CACHE_LIMIT) skillKeyCache.clear();
  skillKeyCache.set(name, key);
  return key;
}

function textKey(name: string): string {
  let key = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/(^|[^a-z0-9])\.net\b/g, '$1dotnet')
    .replace(/\+/g, 'plus')
    .replace(/#/g, 'sharp')
    .replace(/[^a-z0-9]/g, '');
  key = SKILL_SYNONYMS[key] ?? key;
  if (key.length > 2 && key.endsWith('js') && !KEEP_JS_SUFFIX.has(key)) {
    const stem = key.slice(0, -2);
    key = SKILL_SYNONYMS[stem] ?? stem;
  }
  return key;
}

/** Proficiency in tenths (the prototype's proficiency bars): integers keep every sum exact. */
export const LEVEL_TENTHS: Readonly<Record<ProficiencyLevel, number>> = { Beginner: 4, Intermediate: 7, Advanced: 9 };
export const VERIFIED_BONUS_TENTHS = 1;
export const MAX_TENTHS = 10;

/** A student's weight for one skill, in tenths (0–10). Unknown levels count as Beginner. */
export function skillTenths(level: ProficiencyLevel, verified: boolean): number {
  const base = LEVEL_TENTHS[level] ?? LEVEL_TENTHS.Beginner;
  return Math.min(MAX_TENTHS, base + (verified ? VERIFIED_BONUS_TENTHS : 0));
}

/**
 * The distinct required skills of a project by canonical key, each with the spelling the project used
 * first (reasons show it). Names with an empty key are dropped.
 */
export function requiredSkillsOf(requiredSkills: readonly string[]): { key: string; name: string }[] {
  const seen = new Set<string>();
  const out: { key: string; name: string }[] = [];
  for (const raw of requiredSkills) {
    const key = skillKey(raw);
    if (key === '' || seen.has(key)) continue;
    seen.add(key);
    out.push({ key, name: raw.trim() });
  }
  return out;
}

/** A student's skills by canonical key → tenths; the best entry wins when two names fold together. */
export function studentSkillTenths(
  skills: readonly { name: string; level: ProficiencyLevel; verified: boolean }[],
): Map<string, number> {
  const out = new Map<string, number>();
  for (const skill of skills) {
    const key = skillKey(skill.name);
    if (key === '') continue;
    const tenths = skillTenths(skill.level, skill.verified);
    const before = out.get(key);
    if (before === undefined || tenths > before) out.set(key, tenths);
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Core values

export const CORE_VALUE_COUNT = CORE_VALUES.length;

/** Tag words that mean a core value without naming it. Keys are normalised like tags (letters only). */
const VALUE_SYNONYMS: Record<string, string> = {
  teamwork: 'collaboration',
  collaborative: 'collaboration',
  cooperation: 'collaboration',
  learning: 'growth',
  professionaldevelopment: 'growth',
  continuouslearning: 'growth',
  mentorship: 'growth',
  growthmindset: 'growth',
  diversity: 'inclusion',
  inclusive: 'inclusion',
  diversityandinclusion: 'inclusion',
  dei: 'inclusion',
  belonging: 'inclusion',
  equity: 'inclusion',
  honesty: 'integrity',
  transparency: 'integrity',
  trust: 'integrity',
  ethics: 'integrity',
  innovative: 'innovation',
  creative: 'creativity',
  efficient: 'efficiency',
  productivity: 'efficiency',
  autonomous: 'autonomy',
  independence: 'autonomy',
  ownership: 'autonomy',
  respectful: 'respect',
  mission: 'purpose',
  missiondriven: 'purpose',
  impact: 'purpose',
  purposedriven: 'purpose',
};

const VALUE_BIT = new Map<string, number>();
CORE_VALUES.forEach((option, index) => {
  VALUE_BIT.set(tagKey(option.value), index);
  VALUE_BIT.set(tagKey(option.label), index);
});
for (const [word, code] of Object.entries(VALUE_SYNONYMS)) {
  const index = VALUE_BIT.get(code);
  if (index === undefined) throw new Error(`value synonym ${word} → unknown core value ${code}`);
  VALUE_BIT.set(word, index);
}

function tagKey(tag: string): string {
  return tag
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z]/g, '');
}

/** The index (bit) in CORE_VALUES of a code, label or synonym ("Teamwork" → collaboration), or -1. */
export function coreValueIndex(tag: string): number {
  return VALUE_BIT.get(tagKey(tag)) ?? -1;
}

/** The core values a list of codes or tags names, in first-mention order, without duplicates. */
export function coreValueIndexes(tags: readonly string[]): number[] {
  const out: number[] = [];
  let mask = 0;
  for (const tag of tags) {
    const index = coreValueIndex(tag);
    if (index < 0 || mask & (1 << index)) continue;
    mask |= 1 << index;
    out.push(index);
  }
  return out;
}

/** The 10-bit mask of the core values a list names. */
export function coreValueMask(tags: readonly string[]): number {
  let mask = 0;
  for (const tag of tags) {
    const index = coreValueIndex(tag);
    if (index >= 0) mask |= 1 << index;
  }
  return mask;
}

export function coreValueLabel(index: number): string {
  return CORE_VALUES[index]!.label;
}

/** Bits set in each 10-bit mask. */
export const POPCOUNT = new Uint8Array(1 << CORE_VALUE_COUNT);
for (let mask = 1; mask < POPCOUNT.length; mask++) POPCOUNT[mask] = POPCOUNT[mask >> 1]! + (mask & 1);

// ---------------------------------------------------------------------------------------------
// Culture vectors

export const DIMENSIONS = CULTURE_DIMENSIONS.length;

/**
 * A culture vector as the scorer reads it: one number per dimension, clamped to 0–1 and rounded to
 * single precision (what the packed Float32 arrays hold, so the plain and packed scorers see the same
 * numbers). Anything else than DIMENSIONS finite numbers counts as no vector.
 */
export function cultureVector(vector: readonly number[] | null | undefined): number[] | null {
  if (!vector || vector.length !== DIMENSIONS) return null;
  const out = new Array<number>(DIMENSIONS);
  for (let i = 0; i < DIMENSIONS; i++) {
    const value = vector[i]!;
    if (typeof value !== 'number' || !Number.isFinite(value)) return null;
    out[i] = Math.fround(value < 0 ? 0 : value > 1 ? 1 : value);
  }
  return out;
}
