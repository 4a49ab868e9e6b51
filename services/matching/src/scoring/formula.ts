import { DIMENSIONS } from './normalize.js';

/**
 * The arithmetic of `culture_skill_overlap` (docs/matching-algorithm.md), written once: the plain
 * reference (explainPair) and the packed scorers both gather the same few integers and call these,
 * in the same order, so their integer scores are identical.
 */

/** Share of the culture score given to shared core values when the work-style vectors can be compared too. */
export const VALUES_WEIGHT = 0.6;
/** Share of the culture score given to work-style fit when shared values can be counted too. */
export const STYLE_WEIGHT = 0.4;
/** Shares of the overall score. */
export const CULTURE_WEIGHT = 0.5;
export const SKILLS_WEIGHT = 0.5;
/**
 * The score of a part with nothing to compare (no required skills; no values and no employer vector).
 * Zero, not a neutral 50: a project that says nothing about itself must not outrank real fits (it used
 * to top rankings at 50%); what it does say still counts (docs/matching-algorithm.md).
 */
export const NOTHING_TO_COMPARE = 0;

/**
 * Skill score 0–100, unrounded: the mean of the student's weight (in tenths) over the project's
 * required skills, or NOTHING_TO_COMPARE when the project requires none.
 */
export function skillsRaw(tenthsSum: number, required: number): number {
  return required === 0 ? NOTHING_TO_COMPARE : (tenthsSum * 10) / required;
}

/**
 * Culture score 0–100, unrounded.
 * - `assessed` 0: the student has not taken the assessment: 0.
 * - values part, when both sides name core values: shared / possible, possible = min(both counts).
 * - style part, when both have a vector: 1 − diffSum / DIMENSIONS (diffSum = Σ|a−b|).
 * - both: VALUES_WEIGHT·values + STYLE_WEIGHT·style; one: that one; none: NOTHING_TO_COMPARE.
 */
export function cultureRaw(
  assessed: number,
  shared: number,
  possible: number,
  hasStyle: number,
  diffSum: number,
): number {
  if (assessed === 0) return 0;
  return cultureOfParts(possible, possible > 0 ? shared / possible : 0, hasStyle, diffSum);
}

/** cultureRaw of an assessed student, from `possible` and the values share (shared / possible). */
export function cultureOfParts(possible: number, valuesShare: number, hasStyle: number, diffSum: number): number {
  if (possible > 0) {
    if (hasStyle !== 0) return 100 * (VALUES_WEIGHT * valuesShare + STYLE_WEIGHT * (1 - diffSum / DIMENSIONS));
    return 100 * valuesShare;
  }
  if (hasStyle !== 0) return 100 * (1 - diffSum / DIMENSIONS);
  return NOTHING_TO_COMPARE;
}

/** Overall 0–100, unrounded, from the unrounded parts (rounding happens once, at the end). */
export function overallRaw(culture: number, skills: number): number {
  return CULTURE_WEIGHT * culture + SKILLS_WEIGHT * skills;
}

/**
 * An unrounded 0–100 figure as the integer everyone sees (never −0). The figures above stay within
 * [0, 100] by construction, where this equals Math.round (what the packed kernels use).
 */
export function toScore(raw: number): number {
  const rounded = Math.round(raw);
  return rounded < 0 ? 0 : rounded > 100 ? 100 : rounded || 0;
}

// ---------------------------------------------------------------------------------------------
// Lookup tables for the packed scorers: caches of the divisions above, filled by the same
// expressions, so a table entry is bit-for-bit the value the plain computation gives.

/** VALUES_SHARE[possible · 16 + shared] = shared / possible (0 where possible = 0). */
export const VALUES_SHARE = new Float64Array(16 * 16);
for (let possible = 1; possible < 16; possible++) {
  for (let shared = 0; shared <= possible; shared++) VALUES_SHARE[possible * 16 + shared] = shared / possible;
}

/** Required-skill counts the skills table covers (the contract allows 50). */
export const SKILLS_TABLE_ROWS = 64;
/** Row stride: tenths 0 … 10·(rows − 1). */
export const SKILLS_TABLE_STRIDE = 10 * (SKILLS_TABLE_ROWS - 1) + 1;
/** SKILLS_TABLE[required · SKILLS_TABLE_STRIDE + tenths] = skillsRaw(tenths, required), for required < SKILLS_TABLE_ROWS. */
export const SKILLS_TABLE = new Float64Array(SKILLS_TABLE_ROWS * SKILLS_TABLE_STRIDE);
for (let required = 0; required < SKILLS_TABLE_ROWS; required++) {
  for (let tenths = 0; tenths <= 10 * required; tenths++) {
    SKILLS_TABLE[required * SKILLS_TABLE_STRIDE + tenths] = skillsRaw(tenths, required);
  }
}
