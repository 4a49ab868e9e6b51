import {
  CORE_VALUES,
  CULTURE_DIMENSION_LABELS,
  CULTURE_DIMENSIONS,
  type CareerRecommendation,
} from '@projectory/contracts';
import OpenAI from 'openai';
import { zodResponseFormat } from 'openai/helpers/zod';
import type { Logger } from 'pino';
import { z } from 'zod';
import { careerCatalog } from '../catalog/catalog.js';
import { type RankedCareer, rankCareers, toRecommendation } from '../domain/ranking.js';
import type { StudentProfile } from '../domain/student-profile.js';
import { type AdvisorRequest, type AdvisorResult, CareerAdvisor } from './career-advisor.js';

export interface OpenAiAdvisorOptions {
  apiKey: string;
  baseURL?: string;
  model: string;
  timeoutMs: number;
  /** How many of the offline ranking's best careers the model may choose from. */
  candidates?: number;
}

/** What the model must answer (structured outputs): picks from the candidates, each with its reasons. */
export const careerPicksSchema = z.object({
  recommendations: z.array(
    z.object({
      title: z.string(),
      matchPercentage: z.number(),
      reasoning: z.string(),
    }),
  ),
});

const valueLabels = new Map(CORE_VALUES.map((value) => [value.value, value.label]));

/** The student's real data, as the model sees it: nothing else is said about them. */
export function studentFacts(profile: StudentProfile) {
  return {
    skills: profile.skills.map((skill) => ({ name: skill.name, level: skill.level, verified: skill.verified })),
    assessment: profile.culture && {
      workingStyle: Object.fromEntries(
        CULTURE_DIMENSIONS.map((d, i) => [
          CULTURE_DIMENSION_LABELS[d],
          Math.round((profile.culture!.vector[i] ?? 0) * 100),
        ]),
      ),
      values: profile.culture.values.map((value) => valueLabels.get(value) ?? value),
    },
    completedProjects: profile.completedProjects.map((project) => ({ title: project.title, skills: project.skills })),
  };
}

const candidateFacts = (ranked: RankedCareer) => ({
  title: ranked.career.title,
  field: ranked.career.field,
  description: ranked.career.description,
  requiredSkills: ranked.career.requiredSkills,
  growthPotential: ranked.career.growthPotential,
  catalogMatch: ranked.matchPercentage,
});

const instructions = (limit: number) =>
  [
    'You are a career advisor for university students and recent graduates.',
    `Choose the ${limit} careers that fit the student best, best first, ONLY from the candidate list (copy each title exactly).`,
    'For each, give a matchPercentage from 0 to 100 and a reasoning of two or three sentences addressed to the student ("You ...").',
    'Base the reasoning only on the student data given (their skills with levels and verification, assessment, completed projects) and on the career as described;',
    'never invent experience, employers, figures or skills the student does not have. Mention missing core skills honestly.',
  ].join(' ');

/**
 * OpenAI structured outputs, grounded: the model sees the offline ranking's best candidates from the
 * catalog and the student's real data, and may only pick titles from the candidates; everything but its
 * order, percentage and reasoning comes from the catalog. Any failure (error, timeout, refusal, an
 * answer that does not parse, too few valid titles) falls back to the offline engine's answer.
 */
export class OpenAiCareerAdvisor extends CareerAdvisor {
  private readonly client: OpenAI;

  constructor(
    private readonly options: OpenAiAdvisorOptions,
    private readonly fallback: CareerAdvisor,
    private readonly logger: Pick<Logger, 'warn'>,
  ) {
    super();
    this.client = new OpenAI({
      apiKey: options.apiKey,
      baseURL: options.baseURL,
      timeout: options.timeoutMs,
      maxRetries: 0,
    });
  }

  async recommend(request: AdvisorRequest): Promise<AdvisorResult> {
    const { profile, limit, progress } = request;
    const ranked = rankCareers(profile, careerCatalog);
    const candidates = ranked.slice(0, Math.max(limit, this.options.candidates ?? 30));
    await progress({ percent: 30, stage: 'Asking the AI career advisor' });
    try {
      const items = await this.ask(profile, candidates, limit);
      await progress({ percent: 90, stage: 'Checking the advice against the catalog' });
      return { items, source: 'openai' };
    } catch (error) {
      this.logger.warn({ err: error }, 'OpenAI career engine failed; the offline engine answers');
      await progress({ percent: 60, stage: 'Ranking careers from your skills and assessment' });
      return this.fallback.recommend(request);
    }
  }

  private async ask(
    profile: StudentProfile,
    candidates: RankedCareer[],
    limit: number,
  ): Promise<CareerRecommendation[]> {
    const completion = await this.client.chat.completions.parse(
      {
        model: this.options.model,
        messages: [
          { role: 'system', content: instructions(limit) },
          {
            role: 'user',
            content: JSON.stringify({ student: studentFacts(profile), candidates: candidates.map(candidateFacts) }),
          },
        ],
        response_format: zodResponseFormat(careerPicksSchema, 'career_recommendations'),
      },
      { signal: AbortSignal.timeout(this.options.timeoutMs) },
    );
    const message = completion.choices[0]?.message;
    if (!message?.parsed) throw new Error(message?.refusal ? `refused: ${message.refusal}` : 'no parsed answer');
    const byTitle = new Map(candidates.map((candidate) => [candidate.career.title.toLowerCase(), candidate]));
    const chosen = new Map<string, CareerRecommendation>();
    for (const pick of message.parsed.recommendations) {
      const candidate = byTitle.get(pick.title.trim().toLowerCase());
      const reasoning = pick.reasoning.trim();
      if (!candidate || chosen.has(candidate.career.title) || !reasoning || !Number.isFinite(pick.matchPercentage))
        continue;
      chosen.set(candidate.career.title, {
        ...toRecommendation(candidate),
        matchPercentage: Math.max(0, Math.min(100, Math.round(pick.matchPercentage))),
        reasoning: reasoning.slice(0, 1000),
      });
      if (chosen.size === limit) break;
    }
    if (chosen.size < Math.min(3, limit)) {
      throw new Error(`only ${chosen.size} of the model's picks are catalog candidates`);
    }
    return [...chosen.values()];
  }
}
