import { type DynamicModule, Module } from '@nestjs/common';
import { type ServiceContext, ServiceCoreModule, type ServiceEntry } from '@projectory/platform';
import { careersConfig } from './careers.config.js';
import { ReadModelConsumer } from './consumers/read-model.consumer.js';
import { CareerRecommendationsController } from './controllers/career-recommendations.controller.js';
import { CareerAdvisor } from './engines/career-advisor.js';
import { OfflineCareerAdvisor } from './engines/offline-career-advisor.js';
import { OpenAiCareerAdvisor } from './engines/openai-career-advisor.js';
import { CareersTables1795485871128 } from './migrations/1795485871128-careers-tables.migration.js';
import { ProfileRepository } from './repositories/profile.repository.js';
import { ReadModelRepository } from './repositories/read-model.repository.js';
import { RecommendationRepository } from './repositories/recommendation.repository.js';
import { CareersService } from './services/careers.service.js';

/** The engine the configuration asks for: OpenAI (falling back to offline) with a key, offline without. */
export function createCareerAdvisor(context: ServiceContext<typeof careersConfig>): CareerAdvisor {
  const offline = new OfflineCareerAdvisor();
  const { OPENAI_API_KEY, OPENAI_BASE_URL, OPENAI_MODEL, CAREERS_OPENAI_TIMEOUT_MS } = context.config;
  if (!OPENAI_API_KEY) return offline;
  return new OpenAiCareerAdvisor(
    { apiKey: OPENAI_API_KEY, baseURL: OPENAI_BASE_URL, model: OPENAI_MODEL, timeoutMs: CAREERS_OPENAI_TIMEOUT_MS },
    offline,
    context.logger,
  );
}

/**
 * Career recommendations and the skill gap (README.md): a bundled catalog ranked offline or by OpenAI,
 * read models of skills, assessments, applications and projects fed by events.
 */
@Module({})
export class CareersModule {
  static forRoot(context: ServiceContext<typeof careersConfig>): DynamicModule {
    return {
      module: CareersModule,
      imports: [ServiceCoreModule.forRoot(context)],
      controllers: [CareerRecommendationsController],
      providers: [
        ReadModelRepository,
        ProfileRepository,
        RecommendationRepository,
        ReadModelConsumer,
        CareersService,
        { provide: CareerAdvisor, useFactory: () => createCareerAdvisor(context) },
      ],
    };
  }
}

export const careersService: ServiceEntry<typeof careersConfig> = {
  definition: { name: 'careers', migrations: [CareersTables1795485871128], config: careersConfig },
  module: (context) => CareersModule.forRoot(context),
};
