import type { ProficiencyLevel } from '@projectory/contracts';

/** One of the student's skills, as portfolio last announced it. */
export interface StudentSkill {
  name: string;
  level: ProficiencyLevel;
  verified: boolean;
}

/** A project the student completed (an application that reached `completed`), with its required skills. */
export interface CompletedProject {
  title: string;
  skills: readonly string[];
}

/** Everything the engines may use about a student: their real data, from the read models. */
export interface StudentProfile {
  skills: readonly StudentSkill[];
  /** The assessment's culture vector (CULTURE_DIMENSIONS order) and chosen value codes; null before one. */
  culture: { vector: readonly number[]; values: readonly string[] } | null;
  completedProjects: readonly CompletedProject[];
}

/**
 * How skill names compare, as portfolio compares them (services/portfolio/src/catalog/skill-name.ts,
 * which says other services may copy it): accents, case, spaces and punctuation do not count; `+`, `#`
 * and `&` do. Project tags and catalog names meet through it.
 */
export function skillKey(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/&/g, 'and')
    .replace(/[^\p{L}\p{N}+#]+/gu, '');
}
