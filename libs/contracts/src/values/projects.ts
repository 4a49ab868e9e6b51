import { NotFoundCode } from './errors.js';

/** API.md "Projects": the exchange types and their labels (prototype spec §3). */
export const exchangeTypes = [
  'mentorship',
  'certification',
  'experience',
  'portfolio',
  'recommendation',
  'networking',
] as const;
export type ExchangeType = (typeof exchangeTypes)[number];

export const exchangeTypeLabels: Record<ExchangeType, string> = {
  mentorship: 'Mentorship & Guidance',
  certification: 'Certification/Credential',
  experience: 'Work Experience',
  portfolio: 'Portfolio Project',
  recommendation: 'Letter of Recommendation',
  networking: 'Professional Networking',
};

/** Limits of a project's fields (API.md "Projects", prototype spec §5; the caps on tags are ours). */
export const PROJECT_TITLE_MAX = 100;
export const PROJECT_DESCRIPTION_MAX = 1000;
export const PROJECT_EXCHANGE_DESCRIPTION_MAX = 500;
export const PROJECT_DURATION_MAX = 100;
export const PROJECT_TAGS_MAX = 20;
export const PROJECT_TAG_MAX = 50;

/** A NUL cannot be stored in a Postgres text: it is dropped rather than turned into a 500. */
export const cleanText = (value: string): string => value.replaceAll('\u0000', '').trim();

/** One tag as the prototype's tag entry keeps it: trimmed, inner runs of white space made one space. */
export const cleanTag = (raw: string): string => cleanText(raw).replace(/\s+/g, ' ');

/** What makes two tags the same tag: equal but for case and Unicode compatibility forms. */
export const tagKey = (tag: string): string => tag.normalize('NFKC').toLowerCase();

/**
 * Tags as the prototype's tag entry keeps them: each cleaned (`cleanTag`), empty ones dropped, and a
 * tag equal to an earlier one but for case left out (the first spelling stays).
 */
export function normalizeTags(tags: readonly string[]): string[] {
  const seen = new Set<string>();
  const kept: string[] = [];
  for (const raw of tags) {
    const tag = cleanTag(raw);
    const key = tagKey(tag);
    if (!tag || seen.has(key)) continue;
    seen.add(key);
    kept.push(tag);
  }
  return kept;
}

export const ProjectsErrorCode = {
  ProjectNotFound: NotFoundCode.Project,
  /** The employer tried to reactivate a project an admin deactivated (moderation): 409. */
  ProjectModerated: 'PROJECT_MODERATED',
} as const;
