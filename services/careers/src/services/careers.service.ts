import { Inject, Injectable } from '@nestjs/common';
import {
  type CareerProgress,
  type CareerRecommendations,
  CareersErrorCode,
  type SkillGap,
} from '@projectory/contracts';
import { LOGGER, SERVICE_CONFIG, UserNotifier } from '@projectory/platform';
import type { Logger } from 'pino';
import { DataSource } from 'typeorm';
import { findCareer } from '../catalog/catalog.js';
import type { CareersConfig } from '../careers.config.js';
import { skillGap } from '../domain/skill-gap.js';
import { skillKey } from '../domain/student-profile.js';
import { CareerAdvisor } from '../engines/career-advisor.js';
import { CareersException, TooManyGenerationsException } from '../exceptions/careers.exception.js';
import { ProfileRepository } from '../repositories/profile.repository.js';
import { type RecommendationRow, RecommendationRepository } from '../repositories/recommendation.repository.js';

/** How many open projects a skill gap suggests. */
const SUGGESTED_PROJECTS = 5;

/** API.md "Careers": the latest result, generation with progress on the socket, and the skill gap. */
@Injectable()
export class CareersService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly profiles: ProfileRepository,
    private readonly results: RecommendationRepository,
    private readonly advisor: CareerAdvisor,
    private readonly notifier: UserNotifier,
    @Inject(SERVICE_CONFIG) private readonly config: CareersConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async latest(userId: string): Promise<CareerRecommendations> {
    const [row, { evidenceAt }] = await Promise.all([
      this.results.latest(this.dataSource, userId),
      this.profiles.load(this.dataSource, userId),
    ]);
    if (!row) return { items: [], generatedAt: null, source: this.defaultSource(), stale: false };
    return this.toResult(row, evidenceAt);
  }

  async generate(userId: string): Promise<CareerRecommendations> {
    const { count, retry_after } = await this.results.countGeneration(this.dataSource, userId);
    if (count > this.config.CAREERS_GENERATE_PER_MINUTE) throw new TooManyGenerationsException(retry_after);
    const progress = (update: CareerProgress) => this.progress(userId, update);
    await progress({ percent: 10, stage: 'Reading your skills and assessment' });
    const { profile, evidenceAt } = await this.profiles.load(this.dataSource, userId);
    const result = await this.advisor.recommend({ profile, limit: this.config.CAREERS_RESULT_SIZE, progress });
    const row = await this.results.save(this.dataSource, userId, result, evidenceAt);
    await progress({ percent: 100, stage: 'Done' });
    return this.toResult(row, evidenceAt);
  }

  async skillGap(userId: string, careerTitle: string): Promise<SkillGap> {
    const career = findCareer(careerTitle);
    if (!career) throw new CareersException(CareersErrorCode.CareerNotFound, 'careerTitle');
    const { profile } = await this.profiles.load(this.dataSource, userId);
    const gap = skillGap(career, profile);
    const suggestedProjects = await this.profiles.suggestedProjects(
      this.dataSource,
      userId,
      gap.missingSkills.map(skillKey),
      SUGGESTED_PROJECTS,
    );
    return { ...gap, suggestedProjects };
  }

  private defaultSource() {
    return this.config.OPENAI_API_KEY ? ('openai' as const) : ('catalog' as const);
  }

  private toResult(row: RecommendationRow, evidenceAt: Date | null): CareerRecommendations {
    const stale = evidenceAt !== null && (row.evidence_at === null || evidenceAt > row.evidence_at);
    return { items: row.items, generatedAt: row.generated_at.toISOString(), source: row.source, stale };
  }

  /** Best effort: the result does not depend on a progress update reaching the sockets. */
  private async progress(userId: string, update: CareerProgress): Promise<void> {
    try {
      await this.dataSource.transaction((manager) => this.notifier.push(manager, userId, 'careers:progress', update));
    } catch (error) {
      this.logger.warn({ err: error, userId }, 'careers:progress not sent');
    }
  }
}
