import { z } from 'zod';
import { NotFoundCode } from '../values/errors.js';

/** API.md "Careers": the shapes of /api/career-recommendations and the skill-gap request. */

export const growthPotentials = ['High', 'Medium', 'Low'] as const;
export type GrowthPotential = (typeof growthPotentials)[number];

/** Who produced a result: the OpenAI engine, or the offline ranking of the bundled catalog. */
export const careerSources = ['openai', 'catalog'] as const;
export type CareerSource = (typeof careerSources)[number];

/** The longest career title the skill-gap request accepts (every catalog title is shorter). */
export const CAREER_TITLE_MAX = 120;

export interface CareerRecommendation {
  title: string;
  description: string;
  /** 0–100. */
  matchPercentage: number;
  growthPotential: GrowthPotential;
  salaryRange: string;
  timeToAchieve: string;
  industries: string[];
  requiredSkills: string[];
  nextSteps: string[];
  /** Why it fits, from the student's own evidence (skills, assessment, completed projects). */
  reasoning: string;
}

export interface CareerRecommendations {
  items: CareerRecommendation[];
  /** When the result was generated; null before the first generation. */
  generatedAt: string | null;
  source: CareerSource;
  /**
   * Beyond API.md's shape (an added field): true when the student's skills, assessment or completed
   * projects changed after this result was generated, so that the page can offer to regenerate.
   */
  stale: boolean;
}

export interface SuggestedProject {
  id: string;
  title: string;
  /** The project's required skills. */
  skills: string[];
}

export interface SkillGap {
  strengthSkills: string[];
  missingSkills: string[];
  recommendations: string[];
  /** Open projects that need at least one of the missing skills. */
  suggestedProjects: SuggestedProject[];
}

/** `careers:progress` on the user's sockets while a generation runs. */
export interface CareerProgress {
  /** 0–100. */
  percent: number;
  stage: string;
}

export const skillGapRequestSchema = z
  .object({
    careerTitle: z
      .string({
        error: (issue) => (issue.input === undefined ? 'Career title is required' : 'Career title must be text'),
      })
      .trim()
      .min(1, 'Career title is required')
      .max(CAREER_TITLE_MAX, `Career title must be at most ${CAREER_TITLE_MAX} characters`),
  })
  .strict();
export type SkillGapRequest = z.infer<typeof skillGapRequestSchema>;

export const CareersErrorCode = {
  /** The skill-gap request names a career that is in neither the catalog nor the student's result. */
  CareerNotFound: NotFoundCode.Career,
} as const;
export type CareersErrorCodeValue = (typeof CareersErrorCode)[keyof typeof CareersErrorCode];
