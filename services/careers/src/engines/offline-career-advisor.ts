import { careerCatalog } from '../catalog/catalog.js';
import { rankCareers, toRecommendation } from '../domain/ranking.js';
import { type AdvisorRequest, type AdvisorResult, CareerAdvisor } from './career-advisor.js';

/** Ranks the whole bundled catalog from the student's evidence: deterministic, milliseconds, no network. */
export class OfflineCareerAdvisor extends CareerAdvisor {
  async recommend({ profile, limit, progress }: AdvisorRequest): Promise<AdvisorResult> {
    await progress({ percent: 40, stage: 'Ranking careers from your skills and assessment' });
    const items = rankCareers(profile, careerCatalog).slice(0, limit).map(toRecommendation);
    return { items, source: 'catalog' };
  }
}
