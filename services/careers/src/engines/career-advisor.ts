import type { CareerProgress, CareerRecommendation, CareerSource } from '@projectory/contracts';
import type { StudentProfile } from '../domain/student-profile.js';

export interface AdvisorRequest {
  profile: StudentProfile;
  /** How many careers to return. */
  limit: number;
  /** Called as the work advances (best effort: a failure to report does not stop the work). */
  progress(update: CareerProgress): Promise<void>;
}

export interface AdvisorResult {
  items: CareerRecommendation[];
  source: CareerSource;
}

/**
 * The port behind career recommendations (ARCHITECTURE.md "Drivers"): the offline engine ranks the
 * bundled catalog; the OpenAI engine, when configured, picks and explains from the same catalog and
 * falls back to the offline engine. Business code never knows which one runs.
 */
export abstract class CareerAdvisor {
  abstract recommend(request: AdvisorRequest): Promise<AdvisorResult>;
}
